import type { ChainId } from '../caip/types.ts'

/**
 * The network a screen shows of `usable` (one namespace's networks): the one shown already while it
 * is usable, else the namespace's local devnet (`local`) when the wallet has it enabled, else the
 * first usable one; `undefined` when none is.
 *
 * @example pickShownNetwork(['eip155:1', 'eip155:31337'], undefined, 'eip155:31337') // 'eip155:31337'
 */
export function pickShownNetwork(
  usable: readonly ChainId[],
  current: ChainId | undefined,
  local: ChainId,
): ChainId | undefined {
  if (current !== undefined && usable.includes(current)) return current
  return usable.includes(local) ? local : usable[0]
}
