import { isObject } from '@metamask/utils'
import { internalError } from '../core/rpc/errors.ts'
import type { UpstreamClient } from './createUpstreamClient.ts'
import type { BlockCursor } from './state/filterStore.ts'

/** The upstream's latest block, number and hash; an answer that is not a block is `-32603`. */
export async function readHeadBlock(
  upstream: UpstreamClient,
  timeoutMs: number,
): Promise<BlockCursor> {
  const answer = await upstream.call('eth_getBlockByNumber', ['latest', false], { timeoutMs })
  const block = 'result' in answer ? answer.result : undefined
  if (isObject(block) && typeof block.number === 'string' && typeof block.hash === 'string') {
    return { number: block.number as `0x${string}`, hash: block.hash as `0x${string}` }
  }
  throw internalError(`upstream eth_getBlockByNumber answered ${JSON.stringify(answer)}`)
}
