type PasswordFieldsProps = {
  password: string
  confirmation: string
  /** Why the password is too weak (`usePasswordWeakness`), shown under it as `password-strength`. */
  weakness: string | undefined
  onPassword(value: string): void
  onConfirmation(value: string): void
}

/** "New password" and "Confirm password", with the test ids of DESIGN §3 and §11. */
export function PasswordFields(props: PasswordFieldsProps) {
  return (
    <>
      <label className="field">
        <span>New password (at least 8 characters)</span>
        <input
          type="password"
          autoComplete="new-password"
          data-testid="password-input"
          value={props.password}
          onChange={(event) => props.onPassword(event.target.value)}
        />
      </label>
      {props.password && props.weakness ? (
        <p className="hint" data-testid="password-strength">
          {props.weakness}
        </p>
      ) : null}
      <label className="field">
        <span>Confirm password</span>
        <input
          type="password"
          autoComplete="new-password"
          data-testid="password-confirm"
          value={props.confirmation}
          onChange={(event) => props.onConfirmation(event.target.value)}
        />
      </label>
    </>
  )
}
