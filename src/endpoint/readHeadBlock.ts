import { internalError } from '../core/rpc/errors.ts'
import type { UpstreamClient } from './createUpstreamClient.ts'

/** The upstream's latest block number; an answer that is not a hex number is `-32603`. */
export async function readHeadBlock(upstream: UpstreamClient, timeoutMs: number): Promise<bigint> {
  const answer = await upstream.call('eth_blockNumber', [], { timeoutMs })
  if ('result' in answer && typeof answer.result === 'string' && answer.result.startsWith('0x')) {
    return BigInt(answer.result)
  }
  throw internalError(`upstream eth_blockNumber answered ${JSON.stringify(answer)}`)
}
