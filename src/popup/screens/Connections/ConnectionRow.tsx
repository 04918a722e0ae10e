import { useState } from 'react'
import type { Address } from 'viem'
import { useShallow } from 'zustand/react/shallow'
import type { ChainId } from '../../../core/caip/types.ts'
import { editOutcome } from '../../../core/multichain/sessionEdit.ts'
import type { ConnectionView } from '../../../core/protocol/popupMessages.ts'
import { shownAddress, shownAddressId } from '../../../core/wallet/accountsIn.ts'
import { AddressLabel } from '../../components/AddressLabel.tsx'
import { NamespaceAddresses } from '../../components/NamespaceAddresses.tsx'
import { useConnections } from '../../stores/connections.ts'
import { useWallet } from '../../stores/wallet.ts'
import { ActivityList } from './ActivityList.tsx'
import { EthereumSite } from './EthereumSite.tsx'
import { Permissions } from './Permissions.tsx'

const toggle = <T,>(list: T[], item: T): T[] =>
  list.includes(item) ? list.filter((other) => other !== item) : [...list, item]

const dateTime = (value: number | string): string =>
  new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * One site: when it connected and until when, its chains and accounts as checkboxes (save applies
 * them, the background decides what that grants), what each chain allows, and its latest calls.
 */
export function ConnectionRow({ connection }: { connection: ConnectionView }) {
  const { origin, session, activity, ethereum } = connection
  const wallet = useWallet(
    useShallow((state) => ({ accounts: state.accounts, addresses: state.addresses })),
  )
  const { update, revoke, chainNames, availableChains, saved } = useConnections(
    useShallow((state) => ({
      update: state.update,
      revoke: state.revoke,
      chainNames: state.chainNames,
      availableChains: state.availableChains,
      // A boolean, so that saving one site does not re-render the others' rows.
      saved: state.savedOrigin === origin,
    })),
  )
  const granted = {
    chains: Object.keys(session.sessionScopes) as ChainId[],
    accounts: connection.accountKeys,
  }
  const [chains, setChains] = useState<ChainId[]>(granted.chains)
  const [chosen, setChosen] = useState<Address[]>(granted.accounts)
  const outcome = editOutcome(granted, { chains, accounts: chosen })

  return (
    <section className="card" data-testid={`connection-${origin}`} aria-label={origin}>
      <header className="card-header">
        <h2 className="origin">{origin}</h2>
        <p className="hint">Connected {dateTime(session.createdAt)}</p>
        {session.sessionProperties.expiry ? (
          <p className="hint" data-testid="connection-expiry">
            <em className="tag">Expires</em> {dateTime(session.sessionProperties.expiry)}
          </p>
        ) : null}
      </header>
      <fieldset className="group">
        <legend>Networks</legend>
        {connection.offeredChains.map((chainId) => (
          <label key={chainId} className="item check">
            <input
              type="checkbox"
              data-testid={`connection-chain-${chainId}`}
              checked={chains.includes(chainId)}
              onChange={() => setChains(toggle(chains, chainId))}
            />
            <span className="label-stack">
              <strong>{chainNames[chainId] ?? 'Removed network'}</strong>
              <code>
                {chainId}
                {availableChains.includes(chainId) ? null : <em className="tag">unavailable</em>}
              </code>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="group">
        <legend>Accounts</legend>
        {wallet.accounts.map((address, index) => (
          <label key={address} className="item check">
            <input
              type="checkbox"
              data-testid={`connection-account-${shownAddressId(address, index, wallet)}`}
              checked={chosen.includes(address)}
              onChange={() => setChosen(toggle(chosen, address))}
            />
            <AddressLabel address={address} index={index} />
            <NamespaceAddresses
              namespaces={connection.namespaceAccounts}
              index={index}
              keyAddress={shownAddress(address, index, wallet)}
              testIdPrefix="connection-address"
            />
          </label>
        ))}
      </fieldset>
      {ethereum && ethereum.accounts.length > 0 ? (
        <EthereumSite
          origin={origin}
          accounts={ethereum.accounts}
          chainId={ethereum.chainId}
          chainName={chainNames[ethereum.chainId]}
        />
      ) : null}
      <Permissions sessionScopes={session.sessionScopes} chainNames={chainNames} />
      <ActivityList activity={activity} />
      {outcome === 'end' ? (
        <p className="hint" role="status">
          With no network or no account left, saving disconnects the site.
        </p>
      ) : null}
      {saved && outcome === 'unchanged' ? (
        <p className="hint" role="status" data-testid="connection-saved">
          Saved. The site was told.
        </p>
      ) : null}
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
          disabled={outcome === 'unchanged'}
          onClick={() => void update(origin, chains, chosen)}
        >
          Save
        </button>
      </div>
    </section>
  )
}
