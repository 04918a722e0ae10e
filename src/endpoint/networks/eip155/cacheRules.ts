import { isObject } from '@metamask/utils'
import type { UpstreamAnswer } from '../../createUpstreamClient.ts'
import type { CacheRules } from '../../types.ts'

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

/**
 * What an EVM endpoint caches (issue 12): `eth_chainId`, `net_version`; blocks, transactions by
 * index, receipts and `eth_getLogs` ranges at or below the finalized head, asked by number or by
 * hash; a transaction or receipt by hash once its block is finalized.
 */
export const eip155CacheRules: CacheRules = {
  mayCache: (method) =>
    constantMethods.has(method) ||
    byNumberMethods.has(method) ||
    selfLocatingMethods.has(method) ||
    method === 'eth_getLogs',
  isConstant: (method) => constantMethods.has(method),
  blockOf,
}
