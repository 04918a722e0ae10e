import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { invalidParams, methodNotFound, toRpcError } from '../rpc/errors.ts'
import { exceedsDepth, maxParamsDepth } from '../rpc/exceedsDepth.ts'
import { parseRequest } from '../rpc/parseRequest.ts'
import { failure, success } from '../rpc/response.ts'
import type { Json, RpcId, RpcNotification } from '../rpc/types.ts'
import { connectNamespace } from './connectNamespace.ts'
import { type CreateOriginQueueParameters, createOriginQueue } from './createOriginQueue.ts'
import { createSession } from './createSession.ts'
import { disconnectNamespace } from './disconnectNamespace.ts'
import { dropRemovedAccounts } from './dropRemovedAccounts.ts'
import { dropUnavailableChains } from './dropUnavailableChains.ts'
import { getSession } from './getSession.ts'
import { invokeMethod } from './invokeMethod.ts'
import { type EngineContext, findNamespace, type Handler, type Namespace } from './namespace.ts'
import type {
  ConnectionId,
  EnginePorts,
  EngineRequestOptions,
  EngineResponse,
  MultichainEngine,
  NodeRouter,
  RoutedNodeAnswer,
  SubscriptionOwner,
} from './ports.ts'
import { revokeSession } from './revokeSession.ts'
import { endSession, isExpired, loadSession } from './sessionLifecycle.ts'
import { updateSession } from './updateSession.ts'

export type CreateMultichainEngineOptions = {
  /** How node calls queue per origin (`createOriginQueue`; DESIGN §6). */
  queue?: CreateOriginQueueParameters
  /** Every namespace the wallet speaks, answering calls (`createWalletNamespaces`). */
  namespaces: readonly Namespace[]
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

/**
 * `wallet_notify` telling `owner`'s connection one event of its subscription, in the form of the
 * chain's namespace (`Namespace.subscriptions.event`). Only a namespace with subscriptions opens
 * them, so an owner's chain without one has no events to tell.
 */
function subscriptionNotification(
  namespaces: readonly Namespace[],
  owner: SubscriptionOwner,
  subscription: string,
  result: Json,
): RpcNotification | undefined {
  const subscriptions = findNamespace(namespaces, owner.chainId)?.subscriptions
  if (!subscriptions) return undefined
  return {
    jsonrpc: '2.0',
    method: 'wallet_notify',
    params: { scope: owner.chainId, notification: subscriptions.event(subscription, result) },
  }
}

/**
 * The Multichain API engine over its ports: answers page requests per DESIGN §4 and applies the
 * wallet-side changes (popup edits and revokes, expiry, closed connections). Sessions belong to the
 * origin the caller passes — the browser's sender origin, never one named in a message.
 *
 * @example
 * const namespaces = createWalletNamespaces({ signer, solanaSigner })
 * const engine = createMultichainEngine(ports, { namespaces })
 * await engine.handleRequest('https://app.example', 'tab-1', {
 *   jsonrpc: '2.0', id: 1, method: 'wallet_getSession', params: {} })
 * // { jsonrpc: '2.0', id: 1, result: { sessionScopes: {}, sessionProperties: {} } }
 */
export function createMultichainEngine(
  ports: EnginePorts,
  options: CreateMultichainEngineOptions,
): MultichainEngine {
  const context: EngineContext = {
    ports,
    namespaces: options.namespaces,
    pendingApprovals: new Set(),
    endingSessions: new Map(),
  }
  const queue = createOriginQueue(options.queue)

  /**
   * The node router as `origin`'s requests see it: each node call waits its turn in the origin's
   * line (DESIGN §6), and a call beyond a full line is answered `-32005` without reaching the node.
   */
  const nodesOf = (origin: string): NodeRouter => {
    const inLine = (call: () => Promise<RoutedNodeAnswer>): Promise<RoutedNodeAnswer> =>
      queue.isFull(origin)
        ? Promise.resolve({ error: queue.refusal().toJSON() })
        : queue.run(origin, call)
    return {
      request: (chainId, method, params, answer) =>
        inLine(() => ports.nodes.request(chainId, method, params, answer)),
      subscribe: (owner, params) => inLine(() => ports.nodes.subscribe(owner, params)),
      unsubscribe: (owner, id) => inLine(() => ports.nodes.unsubscribe(owner, id)),
      unsubscribeAll: (match) => ports.nodes.unsubscribeAll(match),
    }
  }

  async function answerRequest(
    origin: string,
    connection: ConnectionId,
    id: RpcId,
    method: string,
    params: unknown,
    { askedAs, ...options }: EngineRequestOptions,
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
      const identity = askedAs ?? requestIdentityOf(connection, id, method, params)
      const call = { origin, connection, ...identity, params, session, ...options }
      const own = { ...context, ports: { ...ports, nodes: nodesOf(origin) } }
      const answer = await handlers[method](own, call)
      if ('error' in answer) return { jsonrpc: '2.0', id, error: answer.error }
      if ('resultJson' in answer) return { jsonrpc: '2.0', id, resultJson: answer.resultJson }
      return success(id, answer.result)
    } catch (error) {
      return failure(id, toRpcError(error))
    }
  }

  return {
    async handleRequest(origin, connection, request, options = {}): Promise<EngineResponse> {
      const parsed = parseRequest(request)
      if ('error' in parsed) return failure(parsed.id, parsed.error)
      const { id = null, method, params } = parsed.request
      return answerRequest(origin, connection, id, method, params, options)
    },

    async connectionClosed(connection, origin) {
      await ports.nodes.unsubscribeAll({ origin, connection })
    },

    updateSession: (origin, edit) => updateSession(context, origin, edit),

    async revokeSession(origin) {
      await endSession(context, origin)
    },

    dropUnavailableChains: () => dropUnavailableChains(context),

    dropRemovedAccounts: () => dropRemovedAccounts(context),

    connectNamespace: (request) => connectNamespace(context, request),

    disconnectNamespace: (request) => disconnectNamespace(context, request),

    async expireSessions() {
      const now = ports.clock.now()
      for (const { origin, session } of await ports.sessions.list()) {
        if (isExpired(session, now)) await endSession(context, origin)
      }
    },

    nodesOf,

    deliverSubscriptionEvent(owner, subscription, result) {
      const notification = subscriptionNotification(context.namespaces, owner, subscription, result)
      if (notification) ports.notifier.toConnection(owner.connection, notification)
    },
  }
}
