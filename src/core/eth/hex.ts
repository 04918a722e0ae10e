import type { Address } from 'viem'

/** A 0x-prefixed 20-byte address, any letter case. */
export const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** A 0x-prefixed 32-byte value: a topic, a block hash, a transaction hash. */
export const bytes32Pattern = /^0x[0-9a-fA-F]{64}$/

/** A JSON-RPC quantity: 0x-prefixed hex without leading zeros (`0x0`, `0x1f`). */
export const quantityPattern = /^0x([1-9a-fA-F][0-9a-fA-F]*|0)$/

export type Hash = `0x${string}`
export type Quantity = `0x${string}`

/** True for a 20-byte hex address such as `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`. */
export const isAddress = (value: unknown): value is Address =>
  typeof value === 'string' && addressPattern.test(value)

/** True for a 32-byte hex value such as a topic or a block hash. */
export const isBytes32 = (value: unknown): value is Hash =>
  typeof value === 'string' && bytes32Pattern.test(value)

/** True for a hex quantity such as `0x0` or `0x1b4` (no leading zeros). */
export const isQuantity = (value: unknown): value is Quantity =>
  typeof value === 'string' && quantityPattern.test(value)

/** The most hex digits of a 64-bit quantity (block numbers, indexes): anything longer is refused. */
export const maxQuantity64Digits = 16

/** True for a hex quantity that fits in 64 bits: `0x1b4`, `0xffffffffffffffff`; not `0x1` + 16 zeros. */
export const isQuantity64 = (value: unknown): value is Quantity =>
  typeof value === 'string' &&
  value.length <= 2 + maxQuantity64Digits &&
  quantityPattern.test(value)
