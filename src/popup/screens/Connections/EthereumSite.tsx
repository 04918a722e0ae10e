import type { Address } from 'viem'
import type { ChainId } from '../../../core/caip/types.ts'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { useConnections } from '../../stores/connections.ts'
import { useWallet } from '../../stores/wallet.ts'

/**
 * What the site's Ethereum provider sees (DESIGN §7): its current chain, and its active account —
 * the first of `eth_accounts` — which the user changes here (the site gets `accountsChanged`).
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
  const [active] = accounts
  const indexOf = (address: Address): number =>
    walletAccounts.findIndex((each) => each.toLowerCase() === address)
  return (
    <fieldset className="group">
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
            data-testid="connection-active-account"
            value={active}
            onChange={(event) => void setActiveAccount(origin, event.target.value as Address)}
          >
            {accounts.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
          <AddressLabel address={active} index={Math.max(indexOf(active), 0)} />
        </label>
      )}
    </fieldset>
  )
}
