import {
  answerTooLarge,
  invalidParams,
  methodNotFound,
  queryTimeout,
} from '../../../core/rpc/errors.ts'
import type { Json } from '../../../core/rpc/types.ts'
import {
  isSolanaSubscribeMethod,
  solanaSubscribeMethods,
  solanaSubscriptions,
  solanaUnsubscribeMethods,
} from '../../../core/solana/methods.ts'
import { type UpstreamAnswer, UpstreamError } from '../../createUpstreamClient.ts'
import type { MethodHandler, NetworkTools } from '../endpointNetwork.ts'

/**
 * Queries whose answer size the caller chooses, each with how to ask for less: their answers are
 * bounded in bytes (`maxAnswerBytes`) and time (the query timeout), with `-32005`.
 */
const boundedQueries: Record<string, string> = {
  getProgramAccounts:
    'narrow the query with filters (dataSize, memcmp) or take less of each account with dataSlice',
  getMultipleAccounts: 'ask for fewer accounts at once, or use dataSlice',
  getTokenAccountsByOwner: 'ask by mint rather than by program, or use dataSlice',
  getTokenAccountsByDelegate: 'ask by mint rather than by program, or use dataSlice',
  getBlock: 'ask with transactionDetails "signatures" or "none"',
}

/**
 * The methods a Solana endpoint answers its own way (DESIGN §8): queries bounded in answer bytes
 * and time, and the WebSocket subscriptions relayed with the per-socket cap.
 */
export function createSolanaHandlers(tools: NetworkTools): ReadonlyMap<string, MethodHandler> {
  const { upstream, subscriptions, queryTimeoutMs, maxAnswerBytes, cached } = tools
  const handlers = new Map<string, MethodHandler>()

  for (const [method, hint] of Object.entries(boundedQueries)) {
    const ask = async (paramsText: string): Promise<UpstreamAnswer> => {
      try {
        return await upstream.callText(method, paramsText, {
          timeoutMs: queryTimeoutMs,
          // A large answer goes on as the node's text: never parsed, re-serialized or joined.
          raw: true,
          maxBytes: maxAnswerBytes,
        })
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        if (error.reason === 'timeout') throw queryTimeout({ limitMs: queryTimeoutMs, hint })
        if (error.reason === 'too-large') throw answerTooLarge(maxAnswerBytes, hint)
        throw error
      }
    }
    handlers.set(method, (params) => cached(method, params, ask))
  }

  for (const method of solanaSubscribeMethods) {
    handlers.set(method, async (params, context) => {
      if (!context.client || !isSolanaSubscribeMethod(method)) throw methodNotFound(method)
      const { maxSubscriptionsPerSocket } = tools.limitsFor(context.apiKey)
      return subscriptions.subscribe(
        context.client,
        {
          method,
          params: (params ?? []) as Json[],
          unsubscribeMethod: solanaSubscriptions[method].unsubscribe,
        },
        maxSubscriptionsPerSocket,
      )
    })
  }

  for (const method of solanaUnsubscribeMethods) {
    handlers.set(method, async (params, context) => {
      if (!context.client) throw methodNotFound(method)
      const id = Array.isArray(params) ? params[0] : undefined
      if (
        typeof id !== 'number' ||
        !Number.isSafeInteger(id) ||
        (params as unknown[]).length !== 1
      ) {
        throw invalidParams([{ path: 'params', message: 'must be [subscription id]' }])
      }
      const answer = await subscriptions.unsubscribe(context.client, method, id)
      if (!answer) throw invalidParams('Invalid subscription id.')
      return answer
    })
  }
  return handlers
}
