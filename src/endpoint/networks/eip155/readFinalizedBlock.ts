import { isObject } from '@metamask/utils'
import type { FinalizedHead, ReadFinalized } from '../../cache/createFinalityTracker.ts'
import type { UpstreamAnswer, UpstreamClient } from '../../createUpstreamClient.ts'

const blockOf = (answer: UpstreamAnswer | undefined): FinalizedHead | undefined => {
  const block = answer && 'result' in answer ? answer.result : undefined
  return isObject(block) && typeof block.number === 'string' && typeof block.hash === 'string'
    ? { number: BigInt(block.number), hash: block.hash }
    : undefined
}

/**
 * The EVM node's `finalized` block, in one upstream batch with the block at the number known
 * finalized before: a different hash there is a reorg below finality.
 */
export const readFinalizedBlock =
  (upstream: UpstreamClient, timeoutMs: number): ReadFinalized =>
  async (known) => {
    const calls = [{ method: 'eth_getBlockByNumber', params: ['finalized', false] }]
    if (known) {
      calls.push({
        method: 'eth_getBlockByNumber',
        params: [`0x${known.number.toString(16)}`, false],
      })
    }
    const answers = await upstream.batch(calls, { timeoutMs })
    return {
      finalized: blockOf(answers[0]),
      reorged: known !== undefined && blockOf(answers[1])?.hash !== known.hash,
    }
  }
