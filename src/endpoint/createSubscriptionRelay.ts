import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import type { Json, RpcErrorObject } from '../core/rpc/types.ts'
import { UpstreamError } from './createUpstreamClient.ts'

/** One client WebSocket as the relay sees it. */
export type SubscriptionClient = {
  /** Sends one JSON text frame to the client. */
  send(text: string): void
  /** The upstream socket went away with this client's subscriptions: the client must resubscribe. */
  upstreamLost(): void
}

export type SubscriptionAnswer = { result: Json } | { error: RpcErrorObject }

export type SubscriptionRelay = {
  /** `eth_subscribe` upstream for `client`; the result is the endpoint's own subscription id. */
  subscribe(client: SubscriptionClient, params: Json[]): Promise<SubscriptionAnswer>
  /** `eth_unsubscribe` of one of `client`'s subscriptions; `false` when it has no such id. */
  unsubscribe(client: SubscriptionClient, id: string): Promise<SubscriptionAnswer>
  /** Ends all of `client`'s subscriptions upstream (the client disconnected). */
  release(client: SubscriptionClient): void
  /** Live subscriptions, for /healthz. */
  size(): number
  close(): void
}

type Subscription = { id: string; upstreamId: string; client: SubscriptionClient }
type Pending = { resolve(value: unknown): void; reject(error: Error): void }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

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
  let socket: WebSocket | undefined
  let opening: Promise<WebSocket> | undefined
  let nextId = 1
  const pending = new Map<number, Pending>()
  const byId = new Map<string, Subscription>()
  const byUpstreamId = new Map<string, Subscription>()
  const byClient = new Map<SubscriptionClient, Set<Subscription>>()

  function connect(): Promise<WebSocket> {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket)
    if (opening) return opening
    opening = new Promise<WebSocket>((resolve, reject) => {
      // One upstream message per macrotask: a subscription's first event never overtakes the
      // answer to eth_subscribe on its way to the client.
      const upstream = new WebSocket(wsUrl, {
        allowSynchronousEvents: false,
        handshakeTimeout: timeoutMs,
      })
      upstream.on('open', () => {
        socket = upstream
        opening = undefined
        resolve(upstream)
      })
      upstream.on('message', (data) => onMessage(data.toString()))
      upstream.on('error', (error) => {
        if (opening) {
          opening = undefined
          reject(
            new UpstreamError('unreachable', `upstream ${wsUrl} is unreachable: ${error.message}`),
          )
        }
      })
      upstream.on('close', () => onClose(upstream))
    })
    return opening
  }

  function onClose(upstream: WebSocket): void {
    if (socket !== upstream) return
    socket = undefined
    for (const waiting of pending.values()) {
      waiting.reject(new UpstreamError('unreachable', `upstream ${wsUrl} closed the connection`))
    }
    pending.clear()
    const clients = [...byClient.keys()]
    byId.clear()
    byUpstreamId.clear()
    byClient.clear()
    for (const client of clients) client.upstreamLost()
  }

  function onMessage(text: string): void {
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch (error) {
      warn(`upstream ${wsUrl} sent a frame that is not JSON`, error)
      return
    }
    if (!isRecord(message)) return
    if (typeof message.id === 'number') {
      const waiting = pending.get(message.id)
      pending.delete(message.id)
      waiting?.resolve(message)
      return
    }
    if (message.method === 'eth_subscription' && isRecord(message.params)) {
      const subscription = byUpstreamId.get(String(message.params.subscription))
      if (!subscription) return
      subscription.client.send(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'eth_subscription',
          params: { subscription: subscription.id, result: message.params.result },
        }),
      )
    }
  }

  async function request(method: string, params: Json[]): Promise<Record<string, unknown>> {
    const upstream = await connect()
    const id = nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new UpstreamError('timeout', `upstream ${wsUrl} did not answer ${method} in time`))
      }, timeoutMs)
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(isRecord(value) ? value : {})
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      upstream.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    })
  }

  const answerOf = (message: Record<string, unknown>): SubscriptionAnswer => {
    const error = message.error
    if (isRecord(error) && typeof error.code === 'number' && typeof error.message === 'string') {
      return { error: error as RpcErrorObject }
    }
    return { result: (message.result ?? null) as Json }
  }

  function forget(subscription: Subscription): void {
    byId.delete(subscription.id)
    byUpstreamId.delete(subscription.upstreamId)
    const owned = byClient.get(subscription.client)
    owned?.delete(subscription)
    if (owned?.size === 0) byClient.delete(subscription.client)
  }

  function endUpstream(subscription: Subscription): void {
    request('eth_unsubscribe', [subscription.upstreamId]).catch((error: unknown) => {
      // When the upstream socket is gone its subscriptions went with it; say so and move on.
      warn(`eth_unsubscribe ${subscription.upstreamId} upstream failed`, error)
    })
  }

  return {
    async subscribe(client, params) {
      const message = await request('eth_subscribe', params)
      const answer = answerOf(message)
      if (!('result' in answer) || typeof answer.result !== 'string') return answer
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
      const message = await request('eth_unsubscribe', [subscription.upstreamId])
      return answerOf(message)
    },
    release(client) {
      for (const subscription of byClient.get(client) ?? []) {
        forget(subscription)
        endUpstream(subscription)
      }
    },
    size: () => byId.size,
    close() {
      const upstream = socket
      socket = undefined
      byId.clear()
      byUpstreamId.clear()
      byClient.clear()
      upstream?.close()
    },
  }
}
