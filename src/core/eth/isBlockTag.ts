import { isQuantity, isQuantity64, type Quantity } from './hex.ts'

/** The named blocks a node resolves by itself. */
export const blockTags = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const

export type BlockTag = (typeof blockTags)[number]

/** A block named by tag or by number: `latest`, `0x1b4`. */
export type BlockSpecifier = BlockTag | Quantity

const tagSet: ReadonlySet<string> = new Set(blockTags)

/** True for one of `latest|earliest|pending|safe|finalized`. */
export const isBlockTag = (value: unknown): value is BlockTag =>
  typeof value === 'string' && tagSet.has(value)

/**
 * True for what `fromBlock`, `toBlock` and the block parameter of the `…ByBlockNumber…` methods
 * accept: a block tag or a hex quantity of at most 64 bits.
 *
 * @example isBlockSpecifier('0x1b4') // true; isBlockSpecifier('12') // false
 */
export const isBlockSpecifier = (value: unknown): value is BlockSpecifier =>
  isBlockTag(value) || isQuantity64(value)

/** What is wrong with a block parameter, or undefined when it is a valid `BlockSpecifier`. */
export function blockSpecifierProblem(value: unknown): string | undefined {
  if (isBlockSpecifier(value)) return undefined
  if (isQuantity(value)) return 'must be a block number of at most 64 bits'
  return 'must be a hex block number or latest|earliest|pending|safe|finalized'
}
