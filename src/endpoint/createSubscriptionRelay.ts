import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import {
  createWebSocketRpcClient,
  WebSocketRpcError,
} from '../core/rpc/createWebSocketRpcClient.ts'
import { tooManySubscriptions } from '../core/rpc/errors.ts'
import type { Json, NodeAnswer } from '../core/rpc/types.ts'
import { UpstreamError } from './createUpstreamClient.ts'

/** One client WebSocket as the relay sees it. */
export type SubscriptionClient = {
  /** Sends one JSON text frame to the client. */
  send(text: string): void
  /** The upstream socket went away with this client's subscriptions: the client must resubscribe. */
  upstreamLost(): void
}

/** A subscription as the network makes it: the call that opens it, the method that ends it. */
export type SubscriptionRequest = {
  /** `eth_subscribe`, `accountSubscribe`, … */
  method: string
  params: Json[]
  /** `eth_unsubscribe`, `accountUnsubscribe`, … (called with the upstream id). */
  unsubscribeMethod: string
}

/** A client-facing subscription id: `0x…` text on EVM networks, a number on Solana. */
export type SubscriptionId = string | number

export type SubscriptionRelay = {
  /**
   * Subscribes upstream for `client`; the result is the endpoint's own subscription id. Throws
   * `-32005` when the client already has (or is making) `limit` subscriptions.
   */
  subscribe(
    client: SubscriptionClient,
    request: SubscriptionRequest,
    limit: number,
  ): Promise<NodeAnswer>
  /**
   * Ends one of `client`'s subscriptions made with `unsubscribeMethod` as its end, with the node's
   * answer; undefined when the client has no such subscription.
   */
  unsubscribe(
    client: SubscriptionClient,
    unsubscribeMethod: string,
    id: SubscriptionId,
  ): Promise<NodeAnswer | undefined>
  /** Ends all of `client`'s subscriptions upstream (the client disconnected). */
  release(client: SubscriptionClient): void
  /** Live subscriptions, for /healthz. */
  size(): number
  close(): void
}

type Subscription = {
  id: SubscriptionId
  /** The node's id, as the node gave it (a number on Solana). */
  upstreamId: string | number
  unsubscribeMethod: string
  client: SubscriptionClient
}

/** Random, unguessable `0x…` subscription ids (the EVM networks' form). */
export const randomSubscriptionId = (): string => `0x${randomBytes(16).toString('hex')}`

/**
 * Relays subscriptions (`eth_subscribe`, Solana's `accountSubscribe`, …) over one shared upstream
 * WebSocket, opened on first use. Clients get the endpoint's ids (`newId`), events are routed to
 * the subscribing client only (under the notification method the node sent), and a subscription
 * ends upstream when its client unsubscribes or disconnects.
 */
export function createSubscriptionRelay(parameters: {
  wsUrl: string
  timeoutMs: number
  /** The network's form of subscription ids. Default `randomSubscriptionId`. */
  newId?: () => SubscriptionId
  /** Reports what goes wrong outside any client request (a bad upstream frame, …). */
  warn(message: string, error: unknown): void
}): SubscriptionRelay {
  const { wsUrl, timeoutMs, warn } = parameters
  const newId = parameters.newId ?? randomSubscriptionId
  const byId = new Map<SubscriptionId, Subscription>()
  const byUpstreamId = new Map<string, Subscription>()
  const byClient = new Map<SubscriptionClient, Set<Subscription>>()
  /** Subscriptions being made, per client, so concurrent ones count against the cap too. */
  const inFlight = new Map<SubscriptionClient, number>()
  const released = new WeakSet<SubscriptionClient>()

  const upstream = createWebSocketRpcClient({
    url: wsUrl,
    openTimeoutMs: timeoutMs,
    requestTimeoutMs: timeoutMs,
    connect(events) {
      // One upstream message per macrotask: a subscription's first event never overtakes the
      // answer to eth_subscribe on its way to the client.
      const socket = new WebSocket(wsUrl, { allowSynchronousEvents: false })
      socket.on('open', () => events.open())
      socket.on('message', (data) => events.message(data.toString()))
      socket.on('close', (code) => events.close(code))
      // A failure to connect is followed by `close`, which fails the waiting requests.
      socket.on('error', (error) => warn(`upstream socket ${wsUrl} failed`, error))
      return socket
    },
    onNotification(upstreamId, result, method) {
      const subscription = byUpstreamId.get(upstreamId)
      if (!subscription) return
      subscription.client.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method,
          params: { subscription: subscription.id, result },
        }),
      )
    },
    onLost() {
      const clients = [...byClient.keys()]
      byId.clear()
      byUpstreamId.clear()
      byClient.clear()
      for (const client of clients) client.upstreamLost()
    },
    warn,
  })

  async function request(method: string, params: Json[]): Promise<NodeAnswer> {
    try {
      return await upstream.request(method, params)
    } catch (error) {
      if (!(error instanceof WebSocketRpcError)) throw error
      if (error.reason === 'timeout') {
        throw new UpstreamError('timeout', `upstream ${wsUrl} did not answer ${method} in time`)
      }
      throw new UpstreamError('unreachable', `upstream ${wsUrl} is unreachable: ${error.message}`)
    }
  }

  function forget(subscription: Subscription): void {
    byId.delete(subscription.id)
    byUpstreamId.delete(String(subscription.upstreamId))
    const owned = byClient.get(subscription.client)
    owned?.delete(subscription)
    if (owned?.size === 0) byClient.delete(subscription.client)
  }

  function endUpstream(unsubscribeMethod: string, upstreamId: string | number): void {
    request(unsubscribeMethod, [upstreamId]).catch((error: unknown) => {
      // When the upstream socket is gone its subscriptions went with it; say so and move on.
      warn(`${unsubscribeMethod} ${upstreamId} upstream failed`, error)
    })
  }

  return {
    async subscribe(client, { method, params, unsubscribeMethod }, limit) {
      const opening = inFlight.get(client) ?? 0
      if ((byClient.get(client)?.size ?? 0) + opening >= limit) throw tooManySubscriptions(limit)
      inFlight.set(client, opening + 1)
      let answer: NodeAnswer
      try {
        answer = await request(method, params)
      } finally {
        const left = (inFlight.get(client) ?? 1) - 1
        if (left > 0) inFlight.set(client, left)
        else inFlight.delete(client)
      }
      const upstreamId = 'result' in answer ? answer.result : undefined
      if (typeof upstreamId !== 'string' && typeof upstreamId !== 'number') return answer
      if (released.has(client)) {
        // The client left while its subscription was being made: end it at once, not never.
        endUpstream(unsubscribeMethod, upstreamId)
        return { result: null }
      }
      const subscription: Subscription = { id: newId(), upstreamId, unsubscribeMethod, client }
      byId.set(subscription.id, subscription)
      byUpstreamId.set(String(upstreamId), subscription)
      let owned = byClient.get(client)
      if (!owned) {
        owned = new Set()
        byClient.set(client, owned)
      }
      owned.add(subscription)
      return { result: subscription.id }
    },
    async unsubscribe(client, unsubscribeMethod, id) {
      const subscription = byId.get(id)
      if (subscription?.client !== client || subscription.unsubscribeMethod !== unsubscribeMethod) {
        return undefined
      }
      forget(subscription)
      return request(unsubscribeMethod, [subscription.upstreamId])
    },
    release(client) {
      released.add(client)
      for (const subscription of byClient.get(client) ?? []) {
        forget(subscription)
        endUpstream(subscription.unsubscribeMethod, subscription.upstreamId)
      }
    },
    size: () => byId.size,
    close() {
      byId.clear()
      byUpstreamId.clear()
      byClient.clear()
      upstream.close()
    },
  }
}
