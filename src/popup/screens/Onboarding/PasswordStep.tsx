import { type FormEvent, type ReactNode, useState } from 'react'
import { ErrorText } from '../../components/Layout.tsx'
import { usePasswordWeakness } from '../../hooks/usePasswordWeakness.ts'
import { passwordProblem } from '../../stores/onboarding.ts'
import { PasswordFields } from './PasswordFields.tsx'

type PasswordStepProps = {
  /** The step's own fields, above the password (the words to re-type, the phrase to import). */
  children: ReactNode
  /** Whether those fields are filled in enough to go on. */
  ready: boolean
  busy: boolean
  error: string | undefined
  submitLabel: string
  busyLabel: string
  onBack(): void
  onSubmit(password: string): void
}

/**
 * The last step of creating or importing a wallet: the step's fields, a new password that must be
 * long enough, typed twice and not weak (`usePasswordWeakness`), then Back and `onboarding-submit`.
 */
export function PasswordStep(props: PasswordStepProps) {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const problem = passwordProblem(password, confirmation)
  const strength = usePasswordWeakness(password)
  const canSubmit =
    props.ready && problem === undefined && strength.checked && strength.weakness === undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canSubmit) props.onSubmit(password)
  }

  return (
    <form className="stack" onSubmit={submit}>
      {props.children}
      <PasswordFields
        password={password}
        confirmation={confirmation}
        weakness={strength.weakness}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      {password && problem ? <p className="hint">{problem}</p> : null}
      <ErrorText error={props.error} />
      <div className="row">
        <button type="button" onClick={props.onBack}>
          Back
        </button>
        <button
          type="submit"
          className="primary"
          data-testid="onboarding-submit"
          disabled={props.busy || !canSubmit}
        >
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
      </div>
    </form>
  )
}
