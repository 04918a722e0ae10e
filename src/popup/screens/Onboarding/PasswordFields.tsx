type PasswordFieldsProps = {
  password: string
  confirmation: string
  onPassword(value: string): void
  onConfirmation(value: string): void
}

/** "New password" and "Confirm password", with the test ids of DESIGN §3. */
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
