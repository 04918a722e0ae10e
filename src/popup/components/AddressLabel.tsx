import type { Address } from 'viem'
import { shortAddress } from '../format/accountLabel.ts'
import { useWallet } from '../stores/wallet.ts'

/**
 * The account at `index` of the wallet as "Account 2 · 0x7099…79C8" (its name above its address),
 * with the full address in the title.
 */
export function AddressLabel({ address, index }: { address: Address; index: number }) {
  const name = useWallet((state) => state.names[index])
  return (
    <span className="address" title={address}>
      <strong>{name}</strong>
      <code>{shortAddress(address)}</code>
    </span>
  )
}
