import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { usePasswordWeakness } from '../../hooks/usePasswordWeakness.ts'
import { passwordProblem } from '../../stores/onboarding.ts'
import { useSecrets } from '../../stores/secrets.ts'

/**
 * "Change password" (`settings-change-password`): the current password and the new one twice;
 * the worker re-encrypts the vault. The new password must be strong enough, as at onboarding
 * (`usePasswordWeakness`). Refusals show in `password-error`.
 */
export function ChangePassword() {
  const { changePassword, busy, error, clearError } = useSecrets(
    useShallow((state) => ({
      changePassword: state.changePassword,
      busy: state.busy,
      error: state.error,
      clearError: state.clearError,
    })),
  )
  const [open, setOpen] = useState(false)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string>()
  const strength = usePasswordWeakness(next)
  const [changed, setChanged] = useState(false)
  useEffect(() => clearError, [clearError])

  if (!open) {
    return (
      <>
        {changed ? (
          <p className="hint" role="status" data-testid="password-changed">
            Password changed.
          </p>
        ) : null}
        <button type="button" data-testid="settings-change-password" onClick={() => setOpen(true)}>
          Change password
        </button>
      </>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const refusal = passwordProblem(next, confirm) ?? strength.weakness
    setProblem(refusal)
    if (refusal || !strength.checked) return
    if (await changePassword(current, next)) {
      setOpen(false)
      setChanged(true)
    }
    setCurrent('')
    setNext('')
    setConfirm('')
  }

  const shown = problem ?? error
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <PasswordField
        label="Current password"
        testId="password-current"
        value={current}
        onChange={setCurrent}
        current
      />
      <PasswordField label="New password" testId="password-new" value={next} onChange={setNext} />
      <PasswordField
        label="New password again"
        testId="password-new-confirm"
        value={confirm}
        onChange={setConfirm}
      />
      {shown ? (
        <p className="error" role="alert" data-testid="password-error">
          {shown}
        </p>
      ) : null}
      <button
        type="submit"
        className="primary"
        data-testid="password-change-submit"
        disabled={busy || !strength.checked}
      >
        {busy ? 'Re-encrypting…' : 'Change password'}
      </button>
    </form>
  )
}

/** One password input of the form, its value in the form's state. */
function PasswordField({
  label,
  testId,
  value,
  onChange,
  current = false,
}: {
  label: string
  testId: string
  value: string
  onChange: (value: string) => void
  /** The password in use (else a new one), for the browser's password manager. */
  current?: boolean
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        autoComplete={current ? 'current-password' : 'new-password'}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}
