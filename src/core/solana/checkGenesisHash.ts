import type { ChainId } from '../caip/types.ts'
import type { NodeAnswer, NodeCall } from '../rpc/types.ts'
import { base58ByteLength } from './base58ByteLength.ts'

/**
 * The live check of a Solana network's HTTP endpoint (DESIGN §8): it must answer `getGenesisHash`
 * with a hash whose first 32 characters are the chain's CAIP-2 reference (`solana:5eykt4Us…` is the
 * cluster whose genesis hash is `5eykt4Us…dw2N9d`); the `solana` namespace's `checkEndpoint`.
 * Resolves with a message for the user when it does not, `undefined` when it does. The caller
 * bounds the call's time.
 *
 * @example
 * await checkGenesisHash((method, params) => node.request(method, params), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
 * // 'This endpoint serves another Solana cluster (solana:Hm3kBEq9…), not solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.'
 */
export async function checkGenesisHash(
  call: NodeCall,
  chainId: ChainId,
): Promise<string | undefined> {
  const reference = chainId.slice(chainId.indexOf(':') + 1)
  let answer: NodeAnswer
  try {
    answer = await call('getGenesisHash', [])
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `No JSON-RPC answer from this endpoint (${reason}).`
  }
  if ('error' in answer) {
    return `The endpoint refused getGenesisHash: ${answer.error.code} ${answer.error.message}.`
  }
  const hash = answer.result
  if (typeof hash !== 'string' || base58ByteLength(hash, 32) !== 32) {
    return 'The endpoint answered getGenesisHash with something else than a genesis hash.'
  }
  const served = `solana:${hash.slice(0, 32)}`
  if (hash.slice(0, 32) !== reference) {
    return `This endpoint serves another Solana cluster (${served}), not ${chainId}.`
  }
  return undefined
}
