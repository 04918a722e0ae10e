import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { Field } from './parts.tsx'

/** `add_network` (`wallet_addEthereumChain`): the network as it will be added, in full. */
export function NetworkView({ view }: { view: ConfirmationViews['add_network'] }) {
  return (
    <>
      <Field label="Network name">
        <span data-testid="confirm-network-name">{view.name}</span>
      </Field>
      <Field label="Chain">
        <code data-testid="confirm-network-chain-id">{view.chainId}</code>
      </Field>
      <Field label="RPC URL (checked: it answers eth_chainId with this chain)">
        <code data-testid="confirm-network-rpc-url">{view.rpcUrl}</code>
      </Field>
      <Field label="WebSocket URL">
        <code data-testid="confirm-network-ws-url">{view.wsUrl}</code>
      </Field>
    </>
  )
}
