import type { NodeCall } from '../rpc/types.ts'
import { readQuantity } from './quantity.ts'

/** Blocks read at most to fill a subscription's gap after a restart (its newest ones). */
export const maxCatchUpBlocks = 128n

/**
 * The chain's head block number (`eth_blockNumber`), or `undefined` when the node answers anything
 * else, an error included. Throws when the node cannot be reached.
 *
 * @example await readHead(call) // 18n
 */
export async function readHead(call: NodeCall): Promise<bigint | undefined> {
  const answer = await call('eth_blockNumber', [])
  return 'result' in answer ? readQuantity(answer.result) : undefined
}
