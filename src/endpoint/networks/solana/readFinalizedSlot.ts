import type { ReadFinalized } from '../../cache/createFinalityTracker.ts'
import type { UpstreamClient } from '../../createUpstreamClient.ts'

/**
 * The Solana node's finalized slot (`getSlot` at `finalized` commitment). A finalized slot never
 * leaves the chain, so there is no reorg to watch for.
 */
export const readFinalizedSlot =
  (upstream: UpstreamClient, timeoutMs: number): ReadFinalized =>
  async () => {
    const answer = await upstream.call('getSlot', [{ commitment: 'finalized' }], { timeoutMs })
    const slot = 'result' in answer ? answer.result : undefined
    return {
      finalized:
        typeof slot === 'number' && Number.isSafeInteger(slot)
          ? { number: BigInt(slot) }
          : undefined,
      reorged: false,
    }
  }
