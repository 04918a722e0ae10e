import { useState } from 'react'
import type { Address, ChainId } from '../../../core/multichain/ports.ts'
import type { ConnectionView } from '../../../core/wallet/messages.ts'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { useConnections } from '../../stores/connections.ts'
import { useWallet } from '../../stores/wallet.ts'

const addressOf = (accountId: string): string => accountId.slice(accountId.lastIndexOf(':') + 1)

/** One site: its chains and accounts as checkboxes, save and revoke. */
export function ConnectionRow({ connection }: { connection: ConnectionView }) {
  const { origin, session } = connection
  const accounts = useWallet((state) => state.accounts)
  const { update, revoke } = useConnections()
  const grantedChains = Object.keys(session.sessionScopes) as ChainId[]
  const grantedAccounts = new Set(
    Object.values(session.sessionScopes).flatMap((scope) =>
      scope.accounts.map((account) => addressOf(account).toLowerCase()),
    ),
  )
  const [chains, setChains] = useState<ChainId[]>(grantedChains)
  const [chosen, setChosen] = useState<Address[]>(
    accounts.filter((address) => grantedAccounts.has(address.toLowerCase())),
  )
  const offeredChains = Object.keys(session.requestedScopes) as ChainId[]

  const toggle = <T,>(list: T[], item: T): T[] =>
    list.includes(item) ? list.filter((other) => other !== item) : [...list, item]

  return (
    <section className="card" data-testid={`connection-${origin}`} aria-label={origin}>
      <h2 className="origin">{origin}</h2>
      <p className="hint">
        Connected {new Date(session.createdAt).toLocaleString()}
        {session.sessionProperties.expiry
          ? ` · until ${new Date(session.sessionProperties.expiry).toLocaleString()}`
          : ''}
      </p>
      <fieldset className="group">
        <legend>Networks</legend>
        {offeredChains.map((chainId) => (
          <label key={chainId} className="item check">
            <input
              type="checkbox"
              data-testid={`connection-chain-${chainId}`}
              checked={chains.includes(chainId)}
              onChange={() => setChains(toggle(chains, chainId))}
            />
            <code>{chainId}</code>
          </label>
        ))}
      </fieldset>
      <fieldset className="group">
        <legend>Accounts</legend>
        {accounts.map((address, index) => (
          <label key={address} className="item check">
            <input
              type="checkbox"
              data-testid={`connection-account-${address.toLowerCase()}`}
              checked={chosen.includes(address)}
              onChange={() => setChosen(toggle(chosen, address))}
            />
            <AddressLabel address={address} index={index} />
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button
          type="button"
          className="danger"
          data-testid="connection-revoke"
          onClick={() => void revoke(origin)}
        >
          Disconnect
        </button>
        <button
          type="button"
          className="primary"
          data-testid="connection-save"
          onClick={() => void update(origin, chains, chosen)}
        >
          Save
        </button>
      </div>
    </section>
  )
}
