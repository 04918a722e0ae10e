import { countFilterParameters, maxFilterParameters } from '../core/eth/countFilterParameters.ts'
import { type EndpointTransport, isEndpointMethod, subscriptionKinds } from '../core/eth/methods.ts'
import { type LogFilter, validateFilter } from '../core/eth/validateFilter.ts'
import { validateTransactionByBlockNumberAndIndexParams } from '../core/eth/validateTransactionByBlockNumberAndIndexParams.ts'
import {
  filterNotFound,
  internalError,
  invalidParams,
  methodNotFound,
  RpcError,
  tooManyParameters,
} from '../core/rpc/errors.ts'
import type { Json, RpcRequest } from '../core/rpc/types.ts'
import type { FilterState, FilterStore, LogFilterState } from './createFilterStore.ts'
import type { SubscriptionClient, SubscriptionRelay } from './createSubscriptionRelay.ts'
import { type UpstreamAnswer, type UpstreamClient, UpstreamError } from './createUpstreamClient.ts'
import { runLogQuery } from './runLogQuery.ts'

/** Who is calling: the API key (owner of filters) and the transport (WS carries subscriptions). */
export type CallContext = {
  apiKey: string
  transport: EndpointTransport
  /** The WebSocket client, for `eth_subscribe`. */
  client?: SubscriptionClient
}

export type RpcHandler = {
  /** Answers one JSON-RPC call. Never throws: every failure is an `{ error }` answer. */
  handle(request: RpcRequest, context: CallContext): Promise<UpstreamAnswer>
}

export type CreateRpcHandlerParameters = {
  upstream: UpstreamClient
  filters: FilterStore
  subscriptions: SubscriptionRelay
  queryTimeoutMs: number
  /** Default 10,000. */
  maxResults?: number
  /** Reports failures that are the endpoint's fault (not the caller's, not the upstream's). */
  onUnexpectedError(error: unknown, request: RpcRequest): void
}

const hex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

/** `earliest` and hex numbers as a number; the moving tags (`latest`, `safe`, …) as undefined. */
const blockNumberOf = (block: string | undefined): bigint | undefined => {
  if (block === 'earliest') return 0n
  if (block?.startsWith('0x')) return BigInt(block)
  return undefined
}

/**
 * The endpoint's method dispatch (DESIGN §5): the allow-list, the validations of `src/core/eth`, the
 * log limits, API-key-owned filters, subscriptions; everything else goes upstream verbatim.
 */
export function createRpcHandler(parameters: CreateRpcHandlerParameters): RpcHandler {
  const { upstream, filters, subscriptions, queryTimeoutMs } = parameters
  const limits = { maxResults: parameters.maxResults ?? 10_000, timeoutMs: queryTimeoutMs }

  const forward = (method: string, params: unknown): Promise<UpstreamAnswer> =>
    upstream.call(method, params, { timeoutMs: queryTimeoutMs })

  async function headBlock(): Promise<bigint> {
    const answer = await forward('eth_blockNumber', [])
    if ('result' in answer && typeof answer.result === 'string' && answer.result.startsWith('0x')) {
      return BigInt(answer.result)
    }
    throw internalError(`upstream eth_blockNumber answered ${JSON.stringify(answer)}`)
  }

  function logFilterOf(params: unknown): LogFilter {
    if (!Array.isArray(params) || params.length < 1) {
      throw invalidParams([{ path: 'params', message: 'must be [filter]' }])
    }
    const validated = validateFilter(params[0])
    if ('error' in validated) throw validated.error
    const count = countFilterParameters(validated.filter)
    if (count > maxFilterParameters) throw tooManyParameters(count, maxFilterParameters)
    return validated.filter
  }

  function filterIdOf(params: unknown): string {
    if (!Array.isArray(params) || typeof params[0] !== 'string') {
      throw invalidParams([{ path: 'params[0]', message: 'must be a filter id' }])
    }
    return params[0]
  }

  function polled(apiKey: string, params: unknown): FilterState {
    const state = filters.poll(apiKey, filterIdOf(params))
    if (!state) throw filterNotFound()
    return state
  }

  /** Runs polls of one filter one after another. */
  function serialized<T>(state: FilterState, work: () => Promise<T>): Promise<T> {
    const next = state.queue.then(work, work)
    state.queue = next.catch(() => undefined)
    return next
  }

  async function logChanges(state: LogFilterState): Promise<UpstreamAnswer> {
    const { criteria } = state
    if (criteria.blockHash) {
      if (state.delivered) return { result: [] }
      const answer = await runLogQuery(upstream, criteria, limits)
      if (!('error' in answer)) state.delivered = true
      return answer
    }
    const head = await headBlock()
    const lower = blockNumberOf(criteria.fromBlock)
    const upper = blockNumberOf(criteria.toBlock)
    const from = lower !== undefined && lower > state.nextBlock ? lower : state.nextBlock
    const to = upper !== undefined && upper < head ? upper : head
    if (from > to) {
      if (head + 1n > state.nextBlock) state.nextBlock = head + 1n
      return { result: [] }
    }
    const range: LogFilter = { fromBlock: hex(from), toBlock: hex(to) }
    if (criteria.address !== undefined) range.address = criteria.address
    if (criteria.topics !== undefined) range.topics = criteria.topics
    const answer = await runLogQuery(upstream, range, limits)
    if (!('error' in answer)) state.nextBlock = head + 1n
    return answer
  }

  async function blockChanges(state: FilterState): Promise<UpstreamAnswer> {
    const head = await headBlock()
    const numbers: bigint[] = []
    for (let block = state.nextBlock; block <= head; block++) numbers.push(block)
    if (numbers.length === 0) return { result: [] }
    const blocks = await upstream.batch(
      numbers.map((block) => ({ method: 'eth_getBlockByNumber', params: [hex(block), false] })),
      { timeoutMs: queryTimeoutMs },
    )
    const hashes: Json[] = []
    for (const answer of blocks) {
      if ('error' in answer) return answer
      const block = 'result' in answer ? answer.result : null
      if (block && typeof block === 'object' && !Array.isArray(block) && block.hash) {
        hashes.push(block.hash)
      }
    }
    state.nextBlock = head + 1n
    return { result: hashes }
  }

  async function subscribe(params: unknown, client: SubscriptionClient): Promise<UpstreamAnswer> {
    if (!Array.isArray(params) || !subscriptionKinds.some((kind) => kind === params[0])) {
      throw invalidParams([
        { path: 'params[0]', message: `must be one of ${subscriptionKinds.join(', ')}` },
      ])
    }
    if (params[0] !== 'logs') return subscriptions.subscribe(client, params as Json[])
    const validated = validateFilter(params[1] ?? {}, { path: 'params[1]' })
    if ('error' in validated) throw validated.error
    const count = countFilterParameters(validated.filter)
    if (count > maxFilterParameters) throw tooManyParameters(count, maxFilterParameters)
    const criteria: Record<string, Json> = {}
    if (validated.filter.address !== undefined) criteria.address = validated.filter.address
    if (validated.filter.topics !== undefined) criteria.topics = validated.filter.topics
    return subscriptions.subscribe(client, ['logs', criteria])
  }

  async function dispatch(request: RpcRequest, context: CallContext): Promise<UpstreamAnswer> {
    const { method, params } = request
    if (!isEndpointMethod(method, context.transport)) throw methodNotFound(method)
    switch (method) {
      case 'eth_getLogs':
        return runLogQuery(upstream, logFilterOf(params), limits)
      case 'eth_getTransactionByBlockNumberAndIndex': {
        const validated = validateTransactionByBlockNumberAndIndexParams(params)
        if ('error' in validated) throw validated.error
        return forward(method, validated.params)
      }
      case 'eth_newFilter': {
        const criteria = logFilterOf(params)
        const nextBlock = (await headBlock()) + 1n
        const id = filters.add(context.apiKey, {
          kind: 'logs',
          criteria,
          nextBlock,
          delivered: false,
          lastPolledAt: Date.now(),
          queue: Promise.resolve(),
        })
        return { result: id }
      }
      case 'eth_newBlockFilter': {
        const nextBlock = (await headBlock()) + 1n
        const id = filters.add(context.apiKey, {
          kind: 'blocks',
          nextBlock,
          lastPolledAt: Date.now(),
          queue: Promise.resolve(),
        })
        return { result: id }
      }
      case 'eth_getFilterChanges': {
        const state = polled(context.apiKey, params)
        return serialized(state, () =>
          state.kind === 'logs' ? logChanges(state) : blockChanges(state),
        )
      }
      case 'eth_getFilterLogs': {
        const state = polled(context.apiKey, params)
        if (state.kind !== 'logs') throw filterNotFound()
        if (state.criteria.fromBlock === 'pending') {
          throw invalidParams('pending logs are not supported')
        }
        return runLogQuery(upstream, state.criteria, limits)
      }
      case 'eth_uninstallFilter':
        return { result: filters.remove(context.apiKey, filterIdOf(params)) }
      case 'eth_subscribe':
        if (!context.client) throw methodNotFound(method)
        return subscribe(params, context.client)
      case 'eth_unsubscribe':
        if (!context.client) throw methodNotFound(method)
        if (!Array.isArray(params) || typeof params[0] !== 'string') {
          throw invalidParams([{ path: 'params[0]', message: 'must be a subscription id' }])
        }
        return subscriptions.unsubscribe(context.client, params[0])
      default:
        return forward(method, params)
    }
  }

  return {
    async handle(request, context) {
      try {
        return await dispatch(request, context)
      } catch (error) {
        if (error instanceof RpcError) return { error: error.toJSON() }
        if (error instanceof UpstreamError) return { error: internalError(error.message).toJSON() }
        parameters.onUnexpectedError(error, request)
        const message = error instanceof Error ? error.message : String(error)
        return { error: internalError(message).toJSON() }
      }
    },
  }
}
