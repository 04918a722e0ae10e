import { maxQuantity64Digits } from './hex.ts'

/** The index pattern of `eth_getTransactionByBlockNumberAndIndex` (lowercase hex, no leading zero). */
export const transactionIndexPattern = /^0x([1-9a-f]+[0-9a-f]*|0)$/

/**
 * True when `value` is a transaction index the endpoint accepts: `0x0`, `0x1a`; not `0x01`, `0xA`,
 * `1`, nor anything beyond 64 bits.
 */
export const isTransactionIndex = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' &&
  value.length <= 2 + maxQuantity64Digits &&
  transactionIndexPattern.test(value)
