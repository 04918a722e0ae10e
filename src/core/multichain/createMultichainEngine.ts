import { requestKeyOf } from '../protocol/connection.ts'
import { invalidParams, methodNotFound, tooManyPendingRequests, toRpcError } from '../rpc/errors.ts'
import { exceedsDepth, maxParamsDepth } from '../rpc/exceedsDepth.ts'
import { parseRequest } from '../rpc/parseRequest.ts'
import { failure, success } from '../rpc/response.ts'
import type { Json, RpcId, RpcNotification } from '../rpc/types.ts'
import { walletNamespaces } from '../wallet/namespaces.ts'
import { connectNamespace } from './connectNamespace.ts'
import type { EngineContext, Handler } from './context.ts'
import { createSession } from './createSession.ts'
import { disconnectNamespace } from './disconnectNamespace.ts'
import { dropUnavailableChains } from './dropUnavailableChains.ts'
import { getSession } from './getSession.ts'
import { invokeMethod } from './invokeMethod.ts'
import type { Namespace } from './namespace.ts'
import type {
  ConnectionId,
  EnginePorts,
  EngineResponse,
  MultichainEngine,
  SubscriptionOwner,
} from './ports.ts'
import { revokeSession } from './revokeSession.ts'
import { endSession, isExpired, loadSession } from './sessionLifecycle.ts'
import { updateSession } from './updateSession.ts'

/** How many requests of one page origin the engine works on at once (`-32005` beyond). */
export const defaultMaxPendingPerOrigin = 100

export type CreateMultichainEngineOptions = {
  /** Default `defaultMaxPendingPerOrigin`. */
  maxPendingPerOrigin?: number
  /** Default `walletNamespaces`: every namespace the wallet speaks. */
  namespaces?: readonly Namespace[]
}

/** The only methods pages may call (DESIGN §4). */
export const multichainMethods = [
  'wallet_createSession',
  'wallet_getSession',
  'wallet_invokeMethod',
  'wallet_revokeSession',
] as const
export type MultichainMethod = (typeof multichainMethods)[number]

const handlers: Record<MultichainMethod, Handler> = {
  wallet_createSession: createSession,
  wallet_getSession: getSession,
  wallet_invokeMethod: invokeMethod,
  wallet_revokeSession: revokeSession,
}

const isMultichainMethod = (method: string): method is MultichainMethod =>
  (multichainMethods as readonly string[]).includes(method)

/** `wallet_notify` wrapping one `eth_subscription` event of `scope`. */
export const subscriptionNotification = (
  owner: SubscriptionOwner,
  subscription: string,
  result: Json,
): RpcNotification => ({
  jsonrpc: '2.0',
  method: 'wallet_notify',
  params: {
    scope: owner.chainId,
    notification: { method: 'eth_subscription', params: { subscription, result } },
  },
})

/**
 * The Multichain API engine over its ports: answers page requests per DESIGN §4 and applies the
 * wallet-side changes (popup edits and revokes, expiry, closed connections). Sessions belong to the
 * origin the caller passes — the browser's sender origin, never one named in a message.
 *
 * @example
 * const engine = createMultichainEngine(ports)
 * await engine.handleRequest('https://app.example', 'tab-1', {
 *   jsonrpc: '2.0', id: 1, method: 'wallet_getSession', params: {} })
 * // { jsonrpc: '2.0', id: 1, result: { sessionScopes: {}, sessionProperties: {} } }
 */
export function createMultichainEngine(
  ports: EnginePorts,
  options: CreateMultichainEngineOptions = {},
): MultichainEngine {
  const context: EngineContext = {
    ports,
    namespaces: options.namespaces ?? walletNamespaces,
    pendingApprovals: new Set(),
    endingSessions: new Map(),
  }
  const maxPendingPerOrigin = options.maxPendingPerOrigin ?? defaultMaxPendingPerOrigin
  /** Requests of each origin not answered yet. */
  const pending = new Map<string, number>()

  async function answerRequest(
    origin: string,
    connection: ConnectionId,
    id: RpcId,
    method: string,
    params: unknown,
  ): Promise<EngineResponse> {
    try {
      const session = await loadSession(context, origin)
      if (!isMultichainMethod(method)) return failure(id, methodNotFound(method))
      if (exceedsDepth(params)) {
        return failure(
          id,
          invalidParams([
            { path: 'params', message: `must not nest deeper than ${maxParamsDepth} levels` },
          ]),
        )
      }
      const requestKey = requestKeyOf(connection, id)
      const call = { origin, connection, requestKey, params, session }
      const answer = await handlers[method](context, call)
      if ('error' in answer) return { jsonrpc: '2.0', id, error: answer.error }
      if ('resultJson' in answer) return { jsonrpc: '2.0', id, resultJson: answer.resultJson }
      return success(id, answer.result)
    } catch (error) {
      return failure(id, toRpcError(error))
    }
  }

  return {
    async handleRequest(origin, connection, request): Promise<EngineResponse> {
      const parsed = parseRequest(request)
      if ('error' in parsed) return failure(parsed.id, parsed.error)
      const { id = null, method, params } = parsed.request
      // A page flooding the worker is refused at once instead of queueing: other origins' requests
      // and the worker's memory do not depend on what one page sends.
      const waiting = pending.get(origin) ?? 0
      if (waiting >= maxPendingPerOrigin) {
        return failure(id, tooManyPendingRequests(maxPendingPerOrigin, 'origin'))
      }
      pending.set(origin, waiting + 1)
      try {
        return await answerRequest(origin, connection, id, method, params)
      } finally {
        const left = (pending.get(origin) ?? 1) - 1
        if (left > 0) pending.set(origin, left)
        else pending.delete(origin)
      }
    },

    async connectionClosed(connection, origin) {
      await ports.nodes.unsubscribeAll({ origin, connection })
    },

    updateSession: (origin, edit) => updateSession(context, origin, edit),

    async revokeSession(origin) {
      await endSession(context, origin)
    },

    dropUnavailableChains: () => dropUnavailableChains(context),

    connectNamespace: (request) => connectNamespace(context, request),

    disconnectNamespace: (request) => disconnectNamespace(context, request),

    async expireSessions() {
      const now = ports.clock.now()
      for (const { origin, session } of await ports.sessions.list()) {
        if (isExpired(session, now)) await endSession(context, origin)
      }
    },

    deliverSubscriptionEvent(owner, subscription, result) {
      ports.notifier.toConnection(
        owner.connection,
        subscriptionNotification(owner, subscription, result),
      )
    },
  }
}
