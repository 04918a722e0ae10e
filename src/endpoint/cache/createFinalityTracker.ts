import { isObject } from '@metamask/utils'
import type { UpstreamAnswer, UpstreamClient } from '../createUpstreamClient.ts'

export type FinalityTracker = {
  /**
   * The finalized head as last seen (never above the node's: finality only moves up), refreshed in
   * the background when older than the refresh interval; undefined until first seen.
   */
  finalized(): bigint | undefined
}

export type CreateFinalityTrackerParameters = {
  upstream: UpstreamClient
  refreshMs: number
  timeoutMs: number
  /** The block the tracker had seen finalized is no longer on the node's chain. */
  onDeepReorg(): void
  onError(error: unknown): void
}

const blockOf = (
  answer: UpstreamAnswer | undefined,
): { number: bigint; hash: string } | undefined => {
  const block = answer && 'result' in answer ? answer.result : undefined
  return isObject(block) && typeof block.number === 'string' && typeof block.hash === 'string'
    ? { number: BigInt(block.number), hash: block.hash }
    : undefined
}

/**
 * Follows the node's `finalized` block for the response cache: one upstream batch per refresh,
 * asking for the finalized block and for the block at the number it knew finalized. A different hash
 * there is a reorg below finality, which a node should never make (anvil can): `onDeepReorg`.
 */
export function createFinalityTracker(
  parameters: CreateFinalityTrackerParameters,
): FinalityTracker {
  let known: { number: bigint; hash: string } | undefined
  let checkedAt = Number.NEGATIVE_INFINITY
  let refreshing: Promise<void> | undefined

  const refresh = async () => {
    const calls = [{ method: 'eth_getBlockByNumber', params: ['finalized', false] }]
    if (known) {
      calls.push({
        method: 'eth_getBlockByNumber',
        params: [`0x${known.number.toString(16)}`, false],
      })
    }
    const answers = await parameters.upstream.batch(calls, { timeoutMs: parameters.timeoutMs })
    const finalized = blockOf(answers[0])
    if (known && blockOf(answers[1])?.hash !== known.hash) parameters.onDeepReorg()
    known = finalized
  }

  return {
    finalized() {
      const now = Date.now()
      if (!refreshing && now - checkedAt >= parameters.refreshMs) {
        checkedAt = now
        refreshing = refresh()
          .catch(parameters.onError)
          .finally(() => {
            refreshing = undefined
          })
      }
      return known?.number
    },
  }
}
