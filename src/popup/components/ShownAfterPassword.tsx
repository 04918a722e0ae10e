import { type ReactNode, useState } from 'react'
import { PasswordGate } from './PasswordGate.tsx'

/**
 * A secret shown only after the password is typed again (DESIGN §9): a button (`testId`), then the
 * `PasswordGate`, then `show(secret)` with a Hide. The secret lives in this component's state only,
 * so leaving the screen forgets it.
 */
export function ShownAfterPassword<Secret>({
  label,
  testId,
  action,
  fetch,
  show,
}: {
  label: string
  testId: string
  /** What the password is for, in "Type your password to …". */
  action: string
  /** Asks the worker for the secret with the password; `undefined` when refused. */
  fetch: (password: string) => Promise<Secret | undefined>
  show: (secret: Secret) => ReactNode
}) {
  const [asking, setAsking] = useState(false)
  const [secret, setSecret] = useState<{ value: Secret }>()

  if (secret) {
    return (
      <section className="stack" aria-label={label}>
        {show(secret.value)}
        <button type="button" onClick={() => setSecret(undefined)}>
          Hide
        </button>
      </section>
    )
  }
  if (asking) {
    return (
      <PasswordGate
        action={action}
        onSubmit={async (password) => {
          const value = await fetch(password)
          if (value !== undefined) setSecret({ value })
        }}
      />
    )
  }
  return (
    <button type="button" data-testid={testId} onClick={() => setAsking(true)}>
      {label}
    </button>
  )
}
