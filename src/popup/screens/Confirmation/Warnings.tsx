import { unacknowledgedBlocks, type Warning } from '../../../core/wallet/warnings/warning.ts'
import { Notice } from './parts.tsx'

const toneOf = { block: 'danger', warn: 'warning', info: 'info' } as const

/**
 * The worker's warnings on the request shown, in its order, each as `warning-<kind>` (DESIGN §11);
 * with a `block` warning, `warning-continue` until the user steps past it.
 */
export function Warnings({
  warnings,
  continued,
  canContinue,
  onContinue,
}: {
  warnings: Warning[]
  continued: boolean
  canContinue: boolean
  onContinue(): void
}) {
  if (warnings.length === 0) return null
  const blocks = unacknowledgedBlocks(warnings).length > 0
  return (
    <div className="stack">
      {warnings.map(({ kind, level, message }) => (
        <Notice key={kind} tone={toneOf[level]} testId={`warning-${kind}`}>
          {message}
        </Notice>
      ))}
      {blocks && !continued ? (
        <button
          type="button"
          data-testid="warning-continue"
          disabled={!canContinue}
          onClick={onContinue}
        >
          I understand the risk, continue
        </button>
      ) : null}
    </div>
  )
}
