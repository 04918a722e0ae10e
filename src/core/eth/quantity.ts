import type { Quantity } from './hex.ts'

/** A 0x-prefixed hex number of any length and letter case, leading zeros allowed (`0x0001`). */
const hexNumberPattern = /^0x[0-9a-fA-F]{1,64}$/

/**
 * Reads a JSON-RPC quantity a dapp sent, leniently (leading zeros and upper case accepted, as
 * geth's and MetaMask's transaction fields are), at most 256 bits. Undefined when it is not one.
 *
 * @example readQuantity('0x0de0b6b3a7640000') // 1000000000000000000n
 */
export const readQuantity = (value: unknown): bigint | undefined =>
  typeof value === 'string' && hexNumberPattern.test(value) ? BigInt(value) : undefined

/** The canonical JSON-RPC form of a number: `0x` and lower-case hex without leading zeros. */
export const toQuantity = (value: bigint | number): Quantity => `0x${value.toString(16)}`
