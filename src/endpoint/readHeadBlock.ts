import { isObject } from '@metamask/utils'
import { type UpstreamClient, UpstreamError } from './createUpstreamClient.ts'
import type { BlockCursor } from './state/filterStore.ts'

/** The upstream's latest block, number and hash; an answer that is not a block is an `UpstreamError`. */
export async function readHeadBlock(
  upstream: UpstreamClient,
  timeoutMs: number,
): Promise<BlockCursor> {
  const answer = await upstream.call('eth_getBlockByNumber', ['latest', false], { timeoutMs })
  const block = 'result' in answer ? answer.result : undefined
  if (isObject(block) && typeof block.number === 'string' && typeof block.hash === 'string') {
    return { number: block.number as `0x${string}`, hash: block.hash as `0x${string}` }
  }
  throw new UpstreamError(
    'invalid-response',
    `upstream ${upstream.url} answered eth_getBlockByNumber with ${JSON.stringify(answer).slice(0, 200)}`,
  )
}
