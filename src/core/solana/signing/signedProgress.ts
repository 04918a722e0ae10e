/** A signed transaction as kept on its confirmation before it is sent (exactly once). */
export type SolanaSignedProgress = { solanaTransaction: string; signature: string }

/** Whether a confirmation's `progress` is a signed Solana transaction. */
export const isSolanaSignedProgress = (value: unknown): value is SolanaSignedProgress =>
  typeof value === 'object' &&
  value !== null &&
  'solanaTransaction' in value &&
  'signature' in value &&
  typeof value.solanaTransaction === 'string' &&
  typeof value.signature === 'string'
