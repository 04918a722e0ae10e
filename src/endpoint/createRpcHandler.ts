import { checkBlockParameters } from '../core/eth/checkBlockParameters.ts'
import { type EndpointTransport, isEndpointMethod, subscriptionKinds } from '../core/eth/methods.ts'
import { type LogFilter, validateFilter } from '../core/eth/validateFilter.ts'
import { validateTransactionByBlockNumberAndIndexParams } from '../core/eth/validateTransactionByBlockNumberAndIndexParams.ts'
import {
  filterNotFound,
  internalError,
  invalidParams,
  methodNotFound,
  RpcError,
  tooManyFilters,
} from '../core/rpc/errors.ts'
import { exceedsDepth, maxParamsDepth } from '../core/rpc/exceedsDepth.ts'
import type { Json, RpcRequest } from '../core/rpc/types.ts'
import type { AnswerCache } from './cache/createAnswerCache.ts'
import type { SubscriptionClient, SubscriptionRelay } from './createSubscriptionRelay.ts'
import {
  batchableMethods,
  type UpstreamAnswer,
  type UpstreamClient,
  UpstreamError,
} from './createUpstreamClient.ts'
import type { LimitsFor } from './limits.ts'
import { createPollFilter } from './pollFilter.ts'
import { readHeadBlock } from './readHeadBlock.ts'
import { runLogQuery } from './runLogQuery.ts'
import {
  type BlockCursor,
  type FilterStore,
  StateStoreError,
  type StoredFilter,
} from './state/filterStore.ts'

/** Who is calling: the API key (owner of filters) and the transport (WS carries subscriptions). */
export type CallContext = {
  apiKey: string
  transport: EndpointTransport
  /** The WebSocket client, for `eth_subscribe`. */
  client?: SubscriptionClient
}

/**
 * Told by the transport whether an answer was written out (handed to the socket) or not (the client
 * went away, the call was a notification): a filter poll moves its cursor only then.
 */
export type AfterWrite = (written: boolean) => void

/**
 * An answer; one whose effect waits until it is delivered (a filter poll with changes) carries
 * `afterWrite`, which the transport must call once.
 */
export type RpcAnswer = UpstreamAnswer & { afterWrite?: AfterWrite }

export type RpcHandler = {
  /** Answers one JSON-RPC call. Never throws: every failure is an `{ error }` answer. */
  handle(request: RpcRequest, context: CallContext): Promise<RpcAnswer>
}

export type CreateRpcHandlerParameters = {
  upstream: UpstreamClient
  /** The finality-aware response cache; without it every call goes to the node. */
  answerCache?: AnswerCache
  filters: FilterStore
  subscriptions: SubscriptionRelay
  queryTimeoutMs: number
  /** The caps of each API key (live filters, subscriptions per socket). */
  limitsFor: LimitsFor
  /** Default 10,000. */
  maxResults?: number
  /** Reports failures that are the endpoint's fault (not the caller's, not the upstream's). */
  onUnexpectedError(error: unknown, request: RpcRequest): void
  /** Reports an upstream or state store failure in full (the caller only hears a neutral cause). */
  onDependencyError(error: UpstreamError | StateStoreError, request: RpcRequest): void
}

/** The block after `head`: the first block a new filter covers. */
const nextBlockOf = (head: BlockCursor): `0x${string}` =>
  `0x${(BigInt(head.number) + 1n).toString(16)}`

/**
 * The endpoint's method dispatch (DESIGN §5): the allow-list, the validations of `src/core/eth`, the
 * log limits, API-key-owned filters, subscriptions; everything else goes upstream verbatim.
 */
export function createRpcHandler(parameters: CreateRpcHandlerParameters): RpcHandler {
  const { upstream, filters, subscriptions, queryTimeoutMs } = parameters
  const limits = { maxResults: parameters.maxResults ?? 10_000, timeoutMs: queryTimeoutMs }

  const forward = (method: string, params: unknown): Promise<UpstreamAnswer> =>
    upstream.call(method, params, {
      timeoutMs: queryTimeoutMs,
      batchable: batchableMethods.has(method),
    })
  const cached: AnswerCache = parameters.answerCache ?? ((_method, _params, ask) => ask())

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

  /** Stores a new filter of `apiKey`, or refuses it (`-32005`) when the key has its cap of them. */
  async function addFilter(apiKey: string, filter: StoredFilter): Promise<UpstreamAnswer> {
    const { maxFilters } = parameters.limitsFor(apiKey)
    const id = await filters.add(apiKey, filter, maxFilters)
    if (id === undefined) throw tooManyFilters(maxFilters)
    return { result: id }
  }

  function filterIdOf(params: unknown): string {
    if (!Array.isArray(params) || typeof params[0] !== 'string') {
      throw invalidParams([{ path: 'params[0]', message: 'must be a filter id' }])
    }
    return params[0]
  }

  /** A failure of the endpoint's own (or its dependencies') making, reported in full. */
  function report(error: unknown, request: RpcRequest): void {
    if (error instanceof UpstreamError || error instanceof StateStoreError) {
      parameters.onDependencyError(error, request)
    } else parameters.onUnexpectedError(error, request)
  }

  const settling: RpcRequest = { jsonrpc: '2.0', method: 'eth_getFilterChanges' }
  const pollFilter = createPollFilter({
    upstream,
    filters,
    limits,
    onSettleFailure: (error) => report(error, settling),
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
    const { maxSubscriptionsPerSocket } = parameters.limitsFor(apiKey)
    if (params[0] !== 'logs') {
      return subscriptions.subscribe(client, params as Json[], maxSubscriptionsPerSocket)
    }
    const filter = checkedFilter(params[1] ?? {}, 'params[1]')
    const criteria: Record<string, Json> = {}
    if (filter.address !== undefined) criteria.address = filter.address
    if (filter.topics !== undefined) criteria.topics = filter.topics
    return subscriptions.subscribe(client, ['logs', criteria], maxSubscriptionsPerSocket)
  }

  async function dispatch(request: RpcRequest, context: CallContext): Promise<RpcAnswer> {
    const { method, params } = request
    if (!isEndpointMethod(method, context.transport)) throw methodNotFound(method)
    if (exceedsDepth(params)) {
      throw invalidParams([
        { path: 'params', message: `must not nest deeper than ${maxParamsDepth} levels` },
      ])
    }
    // Block numbers and indexes beyond 64 bits: refused here, never sent to the node (issue 11).
    const beyond64Bits = checkBlockParameters(method, params)
    if (beyond64Bits) throw beyond64Bits
    switch (method) {
      case 'eth_getLogs': {
        const filter = logFilterOf(params)
        return cached(method, [filter], () => runLogQuery(upstream, filter, limits))
      }
      case 'eth_getTransactionByBlockNumberAndIndex': {
        const validated = validateTransactionByBlockNumberAndIndexParams(params)
        if ('error' in validated) throw validated.error
        return cached(method, validated.params, () => forward(method, validated.params))
      }
      case 'eth_newFilter': {
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
      }
      case 'eth_newBlockFilter': {
        const head = await readHeadBlock(upstream, queryTimeoutMs)
        return addFilter(context.apiKey, {
          kind: 'blocks',
          since: nextBlockOf(head),
          cursor: head,
          recent: [],
        })
      }
      case 'eth_getFilterChanges':
        return pollFilter(context.apiKey, filterIdOf(params))
      case 'eth_getFilterLogs': {
        const record = await filters.poll(context.apiKey, filterIdOf(params))
        if (record?.filter.kind !== 'logs') throw filterNotFound()
        if (record.filter.criteria.fromBlock === 'pending') {
          throw invalidParams('pending logs are not supported')
        }
        return runLogQuery(upstream, record.filter.criteria, limits)
      }
      case 'eth_uninstallFilter':
        return { result: await filters.remove(context.apiKey, filterIdOf(params)) }
      case 'eth_subscribe':
        if (!context.client) throw methodNotFound(method)
        return subscribe(params, context.client, context.apiKey)
      case 'eth_unsubscribe':
        if (!context.client) throw methodNotFound(method)
        if (!Array.isArray(params) || typeof params[0] !== 'string') {
          throw invalidParams([{ path: 'params[0]', message: 'must be a subscription id' }])
        }
        return subscriptions.unsubscribe(context.client, params[0])
      default:
        return cached(method, params, () => forward(method, params))
    }
  }

  return {
    async handle(request, context) {
      try {
        return await dispatch(request, context)
      } catch (error) {
        if (error instanceof RpcError) return { error: error.toJSON() }
        report(error, request)
        const cause =
          error instanceof UpstreamError
            ? error.publicCause
            : error instanceof StateStoreError
              ? 'state store unavailable'
              : 'internal failure'
        return { error: internalError(cause).toJSON() }
      }
    },
  }
}
