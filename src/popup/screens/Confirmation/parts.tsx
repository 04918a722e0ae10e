import type { ReactNode } from 'react'
import type { ChainId } from '../../../core/caip/types.ts'
import { ExplorerLink } from '../../components/ExplorerLink.tsx'
import { shortAddress } from '../../format/accountLabel.ts'
import { useConfirmations } from '../../stores/confirmations.ts'

/** A labelled value of a confirmation: the label above, the value as given. */
export function Field({
  label,
  testId,
  children,
}: {
  label: string
  testId?: string
  children: ReactNode
}) {
  return (
    <div className="confirm-field">
      <span className="confirm-label">{label}</span>
      <div className="confirm-value" data-testid={testId}>
        {children}
      </div>
    </div>
  )
}

/** A full address, in a monospace block that wraps (never shortened), with a short form beside it. */
export function FullAddress({ address, note }: { address: string; note?: ReactNode }) {
  return (
    <span className="full-address">
      <code>{address}</code>
      <span className="hint">
        {shortAddress(address)}
        {note ? <> · {note}</> : null}
      </span>
      <ShownChainExplorerLink address={address} />
    </span>
  )
}

/** The explorer link of an address on the chain of the confirmation shown. */
function ShownChainExplorerLink({ address }: { address: string }) {
  const chainId = useConfirmations(
    (state) => state.items?.find((item) => item.id === state.shownId)?.chainId,
  )
  return chainId ? <ExplorerLink chainId={chainId as ChainId} address={address} /> : null
}

/** A warning or notice box. */
export function Notice({
  tone,
  testId,
  children,
}: {
  tone: 'danger' | 'warning' | 'info' | 'ok'
  testId?: string
  children: ReactNode
}) {
  return (
    <div
      className={`notice ${tone}`}
      role={tone === 'danger' ? 'alert' : undefined}
      data-testid={testId}
    >
      {children}
    </div>
  )
}
