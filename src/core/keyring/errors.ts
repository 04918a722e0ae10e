/** Why a keyring operation failed; `code` is stable so the popup can show the right message. */
export type KeyringErrorCode = 'invalid_mnemonic' | 'incorrect_password' | 'weak_password'

/** A keyring failure the user can act on (a mistyped phrase, a wrong or too short password). */
export class KeyringError extends Error {
  readonly code: KeyringErrorCode

  constructor(code: KeyringErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'KeyringError'
    this.code = code
  }
}

export const invalidMnemonic = (detail: string): KeyringError =>
  new KeyringError('invalid_mnemonic', `Invalid secret recovery phrase: ${detail}`)

/** `cause` keeps the decryption failure for debugging; the message stays the user-facing one. */
export const incorrectPassword = (cause?: unknown): KeyringError =>
  new KeyringError('incorrect_password', 'Incorrect password', cause)

export const weakPassword = (minLength: number): KeyringError =>
  new KeyringError('weak_password', `The password must have at least ${minLength} characters`)
