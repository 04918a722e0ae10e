import type { Address } from 'viem'
import type { ChainId } from '../../../core/caip/types.ts'
import { accountLabel, shortAddress } from '../../format/accountLabel.ts'
import { useConnections } from '../../stores/connections.ts'
import { useWallet } from '../../stores/wallet.ts'

/**
 * What the site's Ethereum provider sees (DESIGN §7): its current chain, and its active account —
 * the first of `eth_accounts` — which the user changes here (the site gets `accountsChanged`).
 * Each account reads as elsewhere in the popup, "Account 2 · 0x7099…79C8", its full address in the
 * option's title.
 */
export function EthereumSite({
  origin,
  accounts,
  chainId,
  chainName,
}: {
  origin: string
  accounts: Address[]
  chainId: ChainId
  chainName: string | undefined
}) {
  const setActiveAccount = useConnections((state) => state.setActiveAccount)
  const walletAccounts = useWallet((state) => state.accounts)
  const names = useWallet((state) => state.names)
  const [active] = accounts
  /** The account as the wallet holds it (EIP-55) with its name; the address alone if it left the wallet. */
  const labelOf = (address: Address): string => {
    const index = walletAccounts.findIndex((each) => each.toLowerCase() === address)
    const held = walletAccounts[index]
    return held === undefined ? shortAddress(address) : accountLabel(held, names[index] ?? '')
  }
  return (
    <fieldset className="group" data-testid="connection-ethereum">
      <legend>Ethereum provider</legend>
      <p className="item" data-testid="connection-chain-active" data-chain={chainId}>
        <span className="label-stack">
          <strong>{chainName ?? 'Removed network'}</strong>
          <code>{chainId}</code>
        </span>
      </p>
      {active === undefined ? null : (
        <label className="item">
          <span>Active account</span>
          <select
            className="account-select"
            data-testid="connection-active-account"
            value={active}
            onChange={(event) => void setActiveAccount(origin, event.target.value as Address)}
          >
            {accounts.map((address) => (
              <option key={address} value={address} title={address}>
                {labelOf(address)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  )
}
