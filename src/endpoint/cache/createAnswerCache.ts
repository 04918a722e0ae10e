import { isObject } from '@metamask/utils'
import type { UpstreamAnswer } from '../createUpstreamClient.ts'
import type { FinalityTracker } from './createFinalityTracker.ts'
import type { ResponseCache } from './responseCache.ts'

/** Methods whose answer never changes for one node. */
const constantMethods = new Set(['eth_chainId', 'net_version'])

/** Methods whose first parameter is a block number: cacheable when it is finalized. */
const byNumberMethods = new Set([
  'eth_getBlockByNumber',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockReceipts',
  'eth_getUncleCountByBlockNumber',
])

/** Methods whose answer names its block (`number` or `blockNumber`): cacheable once finalized. */
const selfLocatingMethods = new Set([
  'eth_getBlockByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
])

const numberOf = (value: unknown): bigint | undefined => {
  if (value === 'earliest') return 0n
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)
    ? BigInt(value)
    : undefined
}

/**
 * The block an answer belongs to, when it is known from the request or from the answer; undefined
 * for anything that moves (`latest`, `pending`, `safe`, `finalized` tags, pending transactions, …).
 */
function blockOf(method: string, params: unknown, answer: UpstreamAnswer): bigint | undefined {
  const args = Array.isArray(params) ? params : []
  if (byNumberMethods.has(method)) return numberOf(args[0])
  if (method === 'eth_getLogs') {
    const filter = args[0]
    if (!isObject(filter) || filter.blockHash !== undefined) return undefined
    const from = numberOf(filter.fromBlock)
    const to = numberOf(filter.toBlock)
    return from === undefined || to === undefined ? undefined : to
  }
  if (selfLocatingMethods.has(method) && 'result' in answer && isObject(answer.result)) {
    return numberOf(answer.result.number ?? answer.result.blockNumber)
  }
  return undefined
}

const resultText = (answer: UpstreamAnswer): string | undefined => {
  if ('rawResult' in answer) return Buffer.concat(answer.rawResult).toString('utf8')
  if ('result' in answer && answer.result !== null) return JSON.stringify(answer.result)
  return undefined
}

/** Answers `method(params)` from the cache, or by `ask()`ing the node (and keeps it if immutable). */
export type AnswerCache = (
  method: string,
  params: unknown,
  ask: () => Promise<UpstreamAnswer>,
) => Promise<UpstreamAnswer>

export type CacheAnswersParameters = {
  cache: ResponseCache
  finality: FinalityTracker
  /** A cache that fails (Redis down) is skipped: the node answers. */
  onCacheError(error: unknown): void
}

/**
 * The finality-aware response cache in front of the node (issue 12): answers that can no longer
 * change (`eth_chainId`, `net_version`; blocks, transactions by index, receipts and `eth_getLogs`
 * ranges at or below the finalized head, asked by number or by hash; a transaction or receipt by
 * hash once its block is finalized) are served from the cache as the JSON text the node sent;
 * anything about `latest`/`pending`/`safe` or above the finalized head goes to the node.
 */
export function createAnswerCache(parameters: CacheAnswersParameters): AnswerCache {
  const { cache, finality } = parameters
  const mayCache = (method: string) =>
    constantMethods.has(method) ||
    byNumberMethods.has(method) ||
    selfLocatingMethods.has(method) ||
    method === 'eth_getLogs'

  return async (method, params, ask) => {
    if (!mayCache(method)) return ask()
    const key = `${method}:${JSON.stringify(params ?? [])}`
    const hit = await cache.get(key).catch((error: unknown) => {
      parameters.onCacheError(error)
      return undefined
    })
    if (hit !== undefined) return { rawResult: [Buffer.from(hit)] }
    const answer = await ask()
    if ('error' in answer) return answer
    const finalized = finality.finalized()
    const block = blockOf(method, params, answer)
    const immutable =
      constantMethods.has(method) ||
      (block !== undefined && finalized !== undefined && block <= finalized)
    const text = immutable ? resultText(answer) : undefined
    if (text !== undefined) {
      await cache.set(key, text).catch(parameters.onCacheError)
    }
    return answer
  }
}
