import { useState } from 'react'
import { useSecrets } from '../stores/secrets.ts'

/**
 * Copying a shown secret (issue 35): the button (`testId`) first shows what copying risks
 * (`copy-secret-warning`); only "Copy anyway" (`copy-secret-confirm`) writes the clipboard, and the
 * worker clears it 60 seconds later (`copy-secret-copied` says so). "Cancel"
 * (`copy-secret-cancel`) writes nothing.
 */
export function CopySecret({
  secret,
  what,
  testId,
}: {
  secret: string
  what: string
  testId: string
}) {
  const copySecret = useSecrets((state) => state.copySecret)
  const [step, setStep] = useState<'button' | 'warning' | 'copied'>('button')

  if (step === 'warning') {
    return (
      <div className="notice danger stack" role="alert" data-testid="copy-secret-warning">
        <p>
          Copy {what}? Any app on this computer can read the clipboard, clipboard history and sync
          may keep it, and pasting it into the wrong place gives your funds away. Aperture clears
          the clipboard in 60 seconds, whatever it holds then.
        </p>
        <div className="row">
          <button type="button" data-testid="copy-secret-cancel" onClick={() => setStep('button')}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            data-testid="copy-secret-confirm"
            onClick={() => {
              void copySecret(secret).then((clearAt) => setStep(clearAt ? 'copied' : 'button'))
            }}
          >
            Copy anyway
          </button>
        </div>
      </div>
    )
  }
  return (
    <>
      <button type="button" data-testid={testId} onClick={() => setStep('warning')}>
        Copy {what}
      </button>
      {step === 'copied' ? (
        <p className="hint" role="status" data-testid="copy-secret-copied">
          Copied. The clipboard is cleared in 60 seconds.
        </p>
      ) : null}
    </>
  )
}
