import { type FormEvent, useEffect, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useSecrets } from '../stores/secrets.ts'

/**
 * The password typed again before a secret is shown (`account-password`,
 * `account-password-submit`); the worker checks it (and slows down wrong ones), the refusal shows
 * here (`account-password-error`).
 */
export function PasswordGate({
  action,
  onSubmit,
}: {
  action: string
  onSubmit: (password: string) => Promise<void>
}) {
  const { busy, error, clearError } = useSecrets(
    useShallow((state) => ({ busy: state.busy, error: state.error, clearError: state.clearError })),
  )
  const [password, setPassword] = useState('')
  useEffect(() => clearError, [clearError])
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await onSubmit(password)
    setPassword('')
  }
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        <span>Type your password to {action}</span>
        <input
          type="password"
          autoComplete="current-password"
          data-testid="account-password"
          // biome-ignore lint/a11y/noAutofocus: the only field, shown on the user's request
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {error ? (
        <p className="error" role="alert" data-testid="account-password-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="primary"
        data-testid="account-password-submit"
        disabled={busy}
      >
        Continue
      </button>
    </form>
  )
}
