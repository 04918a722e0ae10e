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

export type SubscriptionRelay = {
  /**
   * `eth_subscribe` upstream for `client`; the result is the endpoint's own subscription id. Throws
   * `-32005` when the client already has (or is making) `limit` subscriptions.
   */
  subscribe(client: SubscriptionClient, params: Json[], limit: number): Promise<NodeAnswer>
  /** `eth_unsubscribe` of one of `client`'s subscriptions; `false` when it has no such id. */
  unsubscribe(client: SubscriptionClient, id: string): Promise<NodeAnswer>
  /** Ends all of `client`'s subscriptions upstream (the client disconnected). */
  release(client: SubscriptionClient): void
  /** Live subscriptions, for /healthz. */
  size(): number
  close(): void
}

type Subscription = { id: string; upstreamId: string; client: SubscriptionClient }

/**
 * Relays `eth_subscribe` over one shared upstream WebSocket, opened on first use. Clients get the
 * endpoint's ids (random, unguessable), events are routed to the subscribing client only, and a
 * subscription ends upstream when its client unsubscribes or disconnects.
 */
export function createSubscriptionRelay(parameters: {
  wsUrl: string
  timeoutMs: number
  /** Reports what goes wrong outside any client request (a bad upstream frame, …). */
  warn(message: string, error: unknown): void
}): SubscriptionRelay {
  const { wsUrl, timeoutMs, warn } = parameters
  const byId = new Map<string, Subscription>()
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
    onNotification(upstreamId, result) {
      const subscription = byUpstreamId.get(upstreamId)
      if (!subscription) return
      subscription.client.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'eth_subscription',
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
    byUpstreamId.delete(subscription.upstreamId)
    const owned = byClient.get(subscription.client)
    owned?.delete(subscription)
    if (owned?.size === 0) byClient.delete(subscription.client)
  }

  function endUpstream(upstreamId: string): void {
    request('eth_unsubscribe', [upstreamId]).catch((error: unknown) => {
      // When the upstream socket is gone its subscriptions went with it; say so and move on.
      warn(`eth_unsubscribe ${upstreamId} upstream failed`, error)
    })
  }

  return {
    async subscribe(client, params, limit) {
      const opening = inFlight.get(client) ?? 0
      if ((byClient.get(client)?.size ?? 0) + opening >= limit) throw tooManySubscriptions(limit)
      inFlight.set(client, opening + 1)
      let answer: NodeAnswer
      try {
        answer = await request('eth_subscribe', params)
      } finally {
        const left = (inFlight.get(client) ?? 1) - 1
        if (left > 0) inFlight.set(client, left)
        else inFlight.delete(client)
      }
      if (!('result' in answer) || typeof answer.result !== 'string') return answer
      if (released.has(client)) {
        // The client left while its subscription was being made: end it at once, not never.
        endUpstream(answer.result)
        return { result: null }
      }
      const subscription: Subscription = {
        id: `0x${randomBytes(16).toString('hex')}`,
        upstreamId: answer.result,
        client,
      }
      byId.set(subscription.id, subscription)
      byUpstreamId.set(subscription.upstreamId, subscription)
      let owned = byClient.get(client)
      if (!owned) {
        owned = new Set()
        byClient.set(client, owned)
      }
      owned.add(subscription)
      return { result: subscription.id }
    },
    async unsubscribe(client, id) {
      const subscription = byId.get(id)
      if (!subscription || subscription.client !== client) return { result: false }
      forget(subscription)
      return request('eth_unsubscribe', [subscription.upstreamId])
    },
    release(client) {
      released.add(client)
      for (const subscription of byClient.get(client) ?? []) {
        forget(subscription)
        endUpstream(subscription.upstreamId)
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
