import { internalError, RpcError } from '../core/rpc/errors.ts'
import type { RpcRequest } from '../core/rpc/types.ts'
import type { AnswerCache } from './cache/createAnswerCache.ts'
import type { SharedReads } from './createSharedReads.ts'
import type { SubscriptionRelay } from './createSubscriptionRelay.ts'
import {
  paramsTextOf,
  type UpstreamAnswer,
  type UpstreamClient,
  UpstreamError,
} from './createUpstreamClient.ts'
import type { LimitsFor } from './limits.ts'
import type { CachedRead, EndpointNetwork } from './networks/endpointNetwork.ts'
import { refusalOfCall } from './refusalOfCall.ts'
import { type FilterStore, StateStoreError } from './state/filterStore.ts'
import type { CallContext, RpcAnswer } from './types.ts'

export type RpcHandler = {
  /** Answers one JSON-RPC call. Never throws: every failure is an `{ error }` answer. */
  handle(request: RpcRequest, context: CallContext): Promise<RpcAnswer>
}

export type CreateRpcHandlerParameters = {
  /** The network served: its allow-list, checks, own handlers and batching. */
  network: EndpointNetwork
  upstream: UpstreamClient
  /** The finality-aware response cache; without it every call goes to the node. */
  answerCache?: AnswerCache
  /** Identical reads in flight served once; without it every call asks on its own. */
  sharedReads?: SharedReads
  filters: FilterStore
  subscriptions: SubscriptionRelay
  queryTimeoutMs: number
  /** The largest answer of a query whose size the caller chooses (`getProgramAccounts`). */
  maxAnswerBytes: number
  /** The caps of each API key (live filters, subscriptions per socket). */
  limitsFor: LimitsFor
  /** Reports failures that are the endpoint's fault (not the caller's, not the upstream's). */
  onUnexpectedError(error: unknown, request: RpcRequest): void
  /** Reports an upstream or state store failure in full (the caller only hears a neutral cause). */
  onDependencyError(error: UpstreamError | StateStoreError, request: RpcRequest): void
}

/**
 * The endpoint's method dispatch (DESIGN §5, §8): the network's allow-list and param checks, then
 * its own handlers (log limits, filters, subscriptions, bounded queries); everything else goes
 * upstream verbatim, through the response cache. Every read through the cache (the handlers' too)
 * is shared with the identical reads in flight (`sharedReads`).
 */
export function createRpcHandler(parameters: CreateRpcHandlerParameters): RpcHandler {
  const { network, upstream, queryTimeoutMs } = parameters

  const forward = (method: string, paramsText: string): Promise<UpstreamAnswer> =>
    upstream.callText(method, paramsText, {
      timeoutMs: queryTimeoutMs,
      batchable: network.batchableMethods.has(method),
      pointRead: network.pointReads.has(method),
    })
  const answerCache: AnswerCache =
    parameters.answerCache ?? ((_method, _params, paramsText, ask) => ask(paramsText))
  const sharedReads: SharedReads =
    parameters.sharedReads ?? ((_method, paramsText, ask) => ask(paramsText))
  // The params serialized once: the shared reads' key, the cache's key and the text sent upstream.
  // Shared above the cache: the callers of one read look it up once, and one of them asks the node
  // on a miss and keeps the answer.
  const cached: CachedRead = (method, params, ask) =>
    sharedReads(method, paramsTextOf(params), (paramsText) =>
      answerCache(method, params, paramsText, ask),
    )

  /** A failure of the endpoint's own (or its dependencies') making, reported in full. */
  function report(error: unknown, request: RpcRequest): void {
    if (error instanceof UpstreamError || error instanceof StateStoreError) {
      parameters.onDependencyError(error, request)
    } else parameters.onUnexpectedError(error, request)
  }

  const handlers = network.handlers({
    upstream,
    filters: parameters.filters,
    subscriptions: parameters.subscriptions,
    queryTimeoutMs,
    maxAnswerBytes: parameters.maxAnswerBytes,
    limitsFor: parameters.limitsFor,
    cached,
    forward,
    report,
  })

  /** The answer of a call that failed: its own error, or a neutral cause for the endpoint's. */
  function failed(error: unknown, request: RpcRequest): RpcAnswer {
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

  /** The call's checks (thrown at once), then its handler or the node through the cache. */
  function dispatch(request: RpcRequest, context: CallContext): Promise<RpcAnswer> {
    const { method, params } = request
    const refused = refusalOfCall(network, method, params, context.transport)
    if (refused) throw refused
    const handle = handlers.get(method)
    if (handle) return handle(params, context)
    return cached(method, params, (paramsText) => forward(method, paramsText))
  }
  return {
    // Not an async function around an async dispatch: one promise per call, not three.
    handle(request, context) {
      let answer: Promise<RpcAnswer>
      try {
        answer = dispatch(request, context)
      } catch (error) {
        return Promise.resolve(failed(error, request))
      }
      return answer.then(undefined, (error: unknown) => failed(error, request))
    },
  }
}
