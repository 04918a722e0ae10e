import { subscriptionKinds } from '../../../core/eth/methods.ts'
import { type LogFilter, validateFilter } from '../../../core/eth/validateFilter.ts'
import { validateTransactionByBlockNumberAndIndexParams } from '../../../core/eth/validateTransactionByBlockNumberAndIndexParams.ts'
import {
  filterNotFound,
  invalidParams,
  methodNotFound,
  tooManyFilters,
} from '../../../core/rpc/errors.ts'
import type { Json, RpcRequest } from '../../../core/rpc/types.ts'
import type { SubscriptionClient } from '../../createSubscriptionRelay.ts'
import type { UpstreamAnswer } from '../../createUpstreamClient.ts'
import { createPollFilter } from '../../pollFilter.ts'
import { readHeadBlock } from '../../readHeadBlock.ts'
import { runLogQuery } from '../../runLogQuery.ts'
import type { BlockCursor, StoredFilter } from '../../state/filterStore.ts'
import type { MethodHandler, NetworkTools } from '../endpointNetwork.ts'

/** The block after `head`: the first block a new filter covers. */
const nextBlockOf = (head: BlockCursor): `0x${string}` =>
  `0x${(BigInt(head.number) + 1n).toString(16)}`

/** A log filter validated: `-32602`, or `-32005` over 5,000 parameters. */
function checkedFilter(value: unknown, path: string): LogFilter {
  const validated = validateFilter(value, { path })
  if ('error' in validated) throw validated.error
  return validated.filter
}

function logFilterOf(params: unknown): LogFilter {
  if (!Array.isArray(params) || params.length < 1) {
    throw invalidParams([{ path: 'params', message: 'must be [filter]' }])
  }
  return checkedFilter(params[0], 'params[0]')
}

function filterIdOf(params: unknown): string {
  if (!Array.isArray(params) || typeof params[0] !== 'string') {
    throw invalidParams([{ path: 'params[0]', message: 'must be a filter id' }])
  }
  return params[0]
}

/** The longest an EVM log query may return (DESIGN §5). */
export const maxLogResults = 10_000

/**
 * The methods an EVM endpoint answers its own way (DESIGN §5): log queries under the result and
 * time limits, API-key-owned filters, `eth_subscribe` relayed with a validated `logs` filter.
 */
export function createEip155Handlers(tools: NetworkTools): ReadonlyMap<string, MethodHandler> {
  const { upstream, filters, subscriptions, queryTimeoutMs, cached, forward } = tools
  const limits = { maxResults: maxLogResults, timeoutMs: queryTimeoutMs }

  /** Stores a new filter of `apiKey`, or refuses it (`-32005`) when the key has its cap of them. */
  async function addFilter(apiKey: string, filter: StoredFilter): Promise<UpstreamAnswer> {
    const { maxFilters } = tools.limitsFor(apiKey)
    const id = await filters.add(apiKey, filter, maxFilters)
    if (id === undefined) throw tooManyFilters(maxFilters)
    return { result: id }
  }

  const settling: RpcRequest = { jsonrpc: '2.0', method: 'eth_getFilterChanges' }
  const pollFilter = createPollFilter({
    upstream,
    filters,
    limits,
    onSettleFailure: (error) => tools.report(error, settling),
  })

  async function subscribe(
    params: unknown,
    client: SubscriptionClient,
    apiKey: string,
  ): Promise<UpstreamAnswer> {
    if (!Array.isArray(params) || !subscriptionKinds.some((kind) => kind === params[0])) {
      throw invalidParams([
        { path: 'params[0]', message: `must be one of ${subscriptionKinds.join(', ')}` },
      ])
    }
    const { maxSubscriptionsPerSocket } = tools.limitsFor(apiKey)
    const request = (relayed: Json[]) => ({
      method: 'eth_subscribe',
      params: relayed,
      unsubscribeMethod: 'eth_unsubscribe',
    })
    if (params[0] !== 'logs') {
      return subscriptions.subscribe(client, request(params as Json[]), maxSubscriptionsPerSocket)
    }
    const filter = checkedFilter(params[1] ?? {}, 'params[1]')
    const criteria: Record<string, Json> = {}
    if (filter.address !== undefined) criteria.address = filter.address
    if (filter.topics !== undefined) criteria.topics = filter.topics
    return subscriptions.subscribe(client, request(['logs', criteria]), maxSubscriptionsPerSocket)
  }

  return new Map<string, MethodHandler>([
    [
      'eth_getLogs',
      async (params) => {
        const filter = logFilterOf(params)
        return cached('eth_getLogs', [filter], () => runLogQuery(upstream, filter, limits))
      },
    ],
    [
      'eth_getTransactionByBlockNumberAndIndex',
      async (params) => {
        const method = 'eth_getTransactionByBlockNumberAndIndex'
        const validated = validateTransactionByBlockNumberAndIndexParams(params)
        if ('error' in validated) throw validated.error
        return cached(method, validated.params, (paramsText) => forward(method, paramsText))
      },
    ],
    [
      'eth_newFilter',
      async (params, context) => {
        const criteria = logFilterOf(params)
        const head = await readHeadBlock(upstream, queryTimeoutMs)
        return addFilter(context.apiKey, {
          kind: 'logs',
          criteria,
          since: nextBlockOf(head),
          cursor: head,
          recent: [],
          delivered: false,
        })
      },
    ],
    [
      'eth_newBlockFilter',
      async (_params, context) => {
        const head = await readHeadBlock(upstream, queryTimeoutMs)
        return addFilter(context.apiKey, {
          kind: 'blocks',
          since: nextBlockOf(head),
          cursor: head,
          recent: [],
        })
      },
    ],
    ['eth_getFilterChanges', (params, context) => pollFilter(context.apiKey, filterIdOf(params))],
    [
      'eth_getFilterLogs',
      async (params, context) => {
        const record = await filters.poll(context.apiKey, filterIdOf(params))
        if (record?.filter.kind !== 'logs') throw filterNotFound()
        if (record.filter.criteria.fromBlock === 'pending') {
          throw invalidParams('pending logs are not supported')
        }
        return runLogQuery(upstream, record.filter.criteria, limits)
      },
    ],
    [
      'eth_uninstallFilter',
      async (params, context) => ({
        result: await filters.remove(context.apiKey, filterIdOf(params)),
      }),
    ],
    [
      'eth_subscribe',
      async (params, context) => {
        if (!context.client) throw methodNotFound('eth_subscribe')
        return subscribe(params, context.client, context.apiKey)
      },
    ],
    [
      'eth_unsubscribe',
      async (params, context) => {
        if (!context.client) throw methodNotFound('eth_unsubscribe')
        if (!Array.isArray(params) || typeof params[0] !== 'string') {
          throw invalidParams([{ path: 'params[0]', message: 'must be a subscription id' }])
        }
        const answer = await subscriptions.unsubscribe(context.client, 'eth_unsubscribe', params[0])
        return answer ?? { result: false }
      },
    ],
  ])
}
