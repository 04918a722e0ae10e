import type { ReactNode } from 'react'
import { shortAddress } from '../../format/accountLabel.ts'

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
    </span>
  )
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
