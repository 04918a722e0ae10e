import type { Address } from 'viem'
import { shownAddress } from '../../core/wallet/accountsIn.ts'
import { shortAddress } from '../format/accountLabel.ts'
import { useWallet } from '../stores/wallet.ts'

/**
 * The account at `index` of the wallet as "Account 2 · 0x7099…79C8" (its name above its address,
 * `shownAddress`: an imported Solana key's base58 one), with the full address in the title, and
 * the `Imported` tag on an account imported by key.
 */
export function AddressLabel({ address, index }: { address: Address; index: number }) {
  const name = useWallet((state) => state.names[index])
  const imported = useWallet((state) => state.imported.includes(address))
  const shown = useWallet((state) => shownAddress(address, index, state))
  return (
    <span className="address" title={shown}>
      <strong>
        {name}
        {imported ? <em className="tag">Imported</em> : null}
      </strong>
      <code>{shortAddress(shown)}</code>
    </span>
  )
}
