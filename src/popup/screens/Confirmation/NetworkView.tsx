import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { networkCheckOf } from '../../../core/wallet/addNetworkView.ts'
import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { useConfirmations } from '../../stores/confirmations.ts'
import { Field, Notice } from './parts.tsx'

/**
 * `add_network` (`wallet_addEthereumChain`): the network as it will be added, in full, and its
 * live check, which runs only when the user asks for it here ("Check network"); a local address is
 * contacted only once the user allows it (docs/security.md "Networks proposed by pages"). Add is
 * offered once the check passed (`kinds.tsx`).
 */
export function NetworkView({
  view,
  progress,
}: {
  view: ConfirmationViews['add_network']
  progress: unknown
}) {
  const { network, localHosts } = view
  const check = networkCheckOf(progress)
  const { armed, checking, checkNetwork } = useConfirmations(
    useShallow((state) => ({
      armed: state.armed,
      checking: state.checking,
      checkNetwork: state.checkNetwork,
    })),
  )
  const [allowLocal, setAllowLocal] = useState(false)
  const local = localHosts.length > 0
  return (
    <>
      <Field label="Network name">
        <span data-testid="confirm-network-name">{network.name}</span>
      </Field>
      <Field label="Chain">
        <code data-testid="confirm-network-chain-id">{network.chainId}</code>
      </Field>
      <Field label="RPC URL">
        <code data-testid="confirm-network-rpc-url">{network.rpcUrl}</code>
      </Field>
      <Field label="WebSocket URL">
        <code data-testid="confirm-network-ws-url">{network.wsUrl}</code>
      </Field>
      <Field label="Block explorer">
        {network.explorerUrl ? (
          <code data-testid="confirm-network-explorer-url">{network.explorerUrl}</code>
        ) : (
          <span className="hint">None given</span>
        )}
      </Field>
      {local ? (
        <Notice tone="warning">
          <p data-testid="confirm-network-local">
            The site proposes an address on this computer or your local network (
            {localHosts.join(', ')}). Sites use such addresses to probe what runs there.
          </p>
          <label className="check">
            <input
              type="checkbox"
              data-testid="confirm-network-allow-local"
              checked={allowLocal}
              onChange={(event) => setAllowLocal(event.target.checked)}
            />
            <span>Allow the wallet to contact this local address</span>
          </label>
        </Notice>
      ) : null}
      {check ? (
        <Notice tone={check.passed ? 'ok' : 'danger'}>
          <span data-testid="confirm-network-check-result">{check.message}</span>
        </Notice>
      ) : (
        <p className="hint">
          Nothing has been contacted yet. Check network asks the RPC URL for its chain id; the site
          does not learn the outcome.
        </p>
      )}
      <button
        type="button"
        data-testid="confirm-network-check"
        disabled={!armed || checking || (local && !allowLocal)}
        onClick={() => checkNetwork(allowLocal)}
      >
        {checking ? 'Checking…' : check ? 'Check again' : 'Check network'}
      </button>
    </>
  )
}
