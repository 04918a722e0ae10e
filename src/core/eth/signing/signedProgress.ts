import type { Hex } from 'viem'

/** A signed transaction as kept on its confirmation before it is broadcast (exactly once). */
export type SignedProgress = { raw: Hex; hash: Hex }

/** A batch's signed transactions, in call order, kept on its confirmation under the batch's id. */
export type BatchProgress = { id: string; signed: SignedProgress[] }

/** Whether a confirmation's `progress` is one signed transaction. */
export const isSignedProgress = (value: unknown): value is SignedProgress =>
  typeof value === 'object' &&
  value !== null &&
  'raw' in value &&
  'hash' in value &&
  typeof value.raw === 'string' &&
  typeof value.hash === 'string'

/** Whether a confirmation's `progress` is a signed batch. */
export const isBatchProgress = (value: unknown): value is BatchProgress =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'signed' in value &&
  Array.isArray(value.signed) &&
  value.signed.every(isSignedProgress)
