/**
 * What a Wallet Standard feature of Aperture rejects with: an `Error` (as Solana dapps expect, for
 * its `message`) carrying the wallet's JSON-RPC `code` and `data` — `4001` when the user rejected,
 * `4100` for an account or chain not granted, `-32602` for a malformed input, a node's own error
 * verbatim.
 */
export class WalletRequestError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'WalletRequestError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** The wallet's answer for an account the session does not hold (DESIGN §4, `4100`). */
export const unauthorizedAccount = (): WalletRequestError =>
  new WalletRequestError(
    4100,
    'The requested account and/or method has not been authorized by the user.',
  )

/** A feature called with input it cannot send (`-32602`). */
export const invalidInput = (message: string): WalletRequestError =>
  new WalletRequestError(-32602, `Invalid params: ${message}`)

/** The provider's rejection (a plain `{ code, message, data? }`) as a `WalletRequestError`. */
export function toWalletRequestError(reason: unknown): WalletRequestError {
  if (reason instanceof WalletRequestError) return reason
  if (typeof reason === 'object' && reason !== null) {
    const { code, message, data } = reason as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof code === 'number' && typeof message === 'string') {
      return new WalletRequestError(code, message, data)
    }
  }
  return new WalletRequestError(-32603, 'Internal error', { cause: String(reason) })
}
