import { isObject } from '@metamask/utils'
import type { UpstreamAnswer } from '../../createUpstreamClient.ts'
import type { CacheRules } from '../../types.ts'

/** Methods whose first parameter is a slot: cacheable once that slot is finalized. */
const bySlotMethods = new Set(['getBlock', 'getBlockTime'])

const slotOf = (value: unknown): bigint | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined

/**
 * What a Solana endpoint caches: a block and its time by slot once the slot is finalized, a
 * transaction once the slot it landed in (its answer's `slot`) is finalized. Nothing else: balances,
 * accounts, blockhashes and statuses move.
 */
export const solanaCacheRules: CacheRules = {
  mayCache: (method) => bySlotMethods.has(method) || method === 'getTransaction',
  isConstant: () => false,
  blockOf(method: string, params: unknown, answer: UpstreamAnswer): bigint | undefined {
    const args = Array.isArray(params) ? params : []
    if (bySlotMethods.has(method)) return slotOf(args[0])
    if (method === 'getTransaction' && 'result' in answer && isObject(answer.result)) {
      return slotOf(answer.result.slot)
    }
    return undefined
  },
}
