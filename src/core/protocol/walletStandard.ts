/**
 * The requests of a Wallet Standard wallet in the page (the Solana one, DESIGN §8) on its own page
 * API: JSON-RPC named after the features they serve. Signing goes through the Multichain API's
 * `wallet_invokeMethod`, and session changes come as its `wallet_sessionChanged`; only connecting
 * and disconnecting need this API, as they add or remove one namespace's scopes of the session.
 */
export const walletStandardMethods = {
  /** `params: { silent?: boolean }` → the session after, as `wallet_getSession` shows it. */
  connect: 'standard:connect',
  /** No params → the session after. */
  disconnect: 'standard:disconnect',
} as const

export type WalletStandardMethod =
  (typeof walletStandardMethods)[keyof typeof walletStandardMethods]

/** `standard:connect`'s params. */
export type WalletStandardConnectParams = { silent?: boolean }
