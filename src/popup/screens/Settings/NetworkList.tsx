import { type ReactNode, useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { NetworkView } from '../../../core/protocol/popupMessages.ts'
import { solanaClusterOf } from '../../../core/wallet/networks.ts'
import { ErrorText } from '../../components/Layout.tsx'
import { useNavigation } from '../../stores/navigation.ts'
import { useNetworks } from '../../stores/networks.ts'
import { useSettings } from '../../stores/settings.ts'

/** An Infura URL without its key: the key is a secret, shown masked only in its own field. */
const shownUrl = (network: NetworkView): string =>
  network.kind === 'infura' ? network.rpcUrl.replace(/\/v3\/.*$/, '/v3/…') : network.rpcUrl

/** One network: name, chain id, state, endpoint (and, for the user's own, its actions). */
function NetworkRow({ network, children }: { network: NetworkView; children?: ReactNode }) {
  return (
    <li className="item column network" data-testid={`network-${network.chainId}`}>
      <span className="network-title">
        <strong>{network.name}</strong>
        <code>{network.chainId}</code>
        {network.enabled ? null : (
          <em className="tag">{network.kind === 'endpoint' ? 'needs RPC URL' : 'needs API key'}</em>
        )}
      </span>
      {network.rpcUrl === '' ? null : <code className="url">{shownUrl(network)}</code>}
      {children}
    </li>
  )
}

/** A network's edit and (when `removeLabel` is given) remove buttons. */
function NetworkActions({
  chainId,
  editLabel,
  removeLabel,
}: {
  chainId: NetworkView['chainId']
  editLabel: string
  removeLabel?: string
}) {
  const editNetwork = useNavigation((state) => state.editNetwork)
  const remove = useNetworks((state) => state.remove)
  return (
    <span className="row end">
      <button
        type="button"
        className="small"
        data-testid={`network-edit-${chainId}`}
        onClick={() => editNetwork(chainId)}
      >
        {editLabel}
      </button>
      {removeLabel ? (
        <button
          type="button"
          className="small danger"
          data-testid={`network-remove-${chainId}`}
          onClick={() => void remove(chainId)}
        >
          {removeLabel}
        </button>
      ) : null}
    </span>
  )
}

/**
 * The user's own networks (edit, remove), then the built-in ones — the public Solana clusters with
 * their endpoint to set, edit or remove; adding one opens the form.
 */
export function NetworkList() {
  const { networks, error, load } = useNetworks(
    useShallow((state) => ({ networks: state.networks, error: state.error, load: state.load })),
  )
  const settings = useSettings((state) => state.settings)
  const editNetwork = useNavigation((state) => state.editNetwork)
  const custom = networks.filter((network) => network.kind === 'custom')
  const builtIn = networks.filter((network) => network.kind !== 'custom')

  // The API key decides which built-in networks are on: reload when settings were saved.
  useEffect(() => {
    if (settings) void load()
  }, [load, settings])

  return (
    <section className="stack" aria-labelledby="networks-title">
      <div className="section-title">
        <h2 id="networks-title">Networks</h2>
        <button
          type="button"
          className="small"
          data-testid="network-add"
          onClick={() => editNetwork(undefined)}
        >
          + Add network
        </button>
      </div>
      <ErrorText error={error} />
      <h3 className="subheading">Yours</h3>
      {custom.length === 0 ? (
        <p className="hint">None yet. Add an EVM chain with its own endpoints.</p>
      ) : (
        <ul className="list" aria-label="Your networks">
          {custom.map((network) => (
            <NetworkRow key={network.chainId} network={network}>
              <NetworkActions chainId={network.chainId} editLabel="Edit" removeLabel="Remove" />
            </NetworkRow>
          ))}
        </ul>
      )}
      <h3 className="subheading">Built in</h3>
      <ul className="list" aria-label="Built-in networks">
        {builtIn.map((network) =>
          solanaClusterOf(network.chainId) ? (
            <NetworkRow key={network.chainId} network={network}>
              {network.kind === 'endpoint' && network.enabled ? (
                <NetworkActions
                  chainId={network.chainId}
                  editLabel="Edit"
                  removeLabel="Remove endpoint"
                />
              ) : (
                <NetworkActions chainId={network.chainId} editLabel="Set endpoint" />
              )}
            </NetworkRow>
          ) : (
            <NetworkRow key={network.chainId} network={network} />
          ),
        )}
      </ul>
    </section>
  )
}
