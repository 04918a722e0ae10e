import type { NodeAnswer } from '../core/multichain/ports.ts'
import type { Json, RpcErrorObject } from '../core/rpc/types.ts'

export type ChainSocketHandlers = {
  /** An `eth_subscription` notification from the node. */
  onEvent(nodeSubscriptionId: string, result: Json): void
  /** The socket closed (not by `close()`); the node forgot every subscription made on it. */
  onLost(): void
}

type Waiter = { resolve(answer: NodeAnswer): void; reject(error: Error): void }

/**
 * One JSON-RPC WebSocket to a chain's node endpoint, opened on first use. Requests made while it
 * opens wait for it; a drop rejects what was in flight and is reported through `onLost`.
 */
export function createChainSocket(url: string, handlers: ChainSocketHandlers) {
  let socket: WebSocket | undefined
  let opened: Promise<WebSocket> | undefined
  let closedByUs = false
  let connected = false
  let nextId = 1
  const waiters = new Map<number, Waiter>()

  const open = (): Promise<WebSocket> => {
    opened ??= new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url)
      socket = ws
      ws.onopen = () => {
        connected = true
        resolve(ws)
      }
      ws.onmessage = (event) => receive(String(event.data))
      ws.onclose = (event) => {
        const wasConnected = connected
        connected = false
        socket = undefined
        opened = undefined
        const error = new Error(`WebSocket ${url} closed (${event.code})`)
        reject(error)
        for (const waiter of waiters.values()) waiter.reject(error)
        waiters.clear()
        if (wasConnected && !closedByUs) handlers.onLost()
      }
    })
    return opened
  }

  const receive = (text: string): void => {
    let message: {
      id?: number
      result?: Json
      error?: RpcErrorObject
      method?: string
      params?: { subscription?: string; result?: Json }
    }
    try {
      message = JSON.parse(text)
    } catch (error) {
      console.warn(`Aperture: ${url} sent a frame that is not JSON`, error)
      return
    }
    if (message.method === 'eth_subscription' && typeof message.params?.subscription === 'string') {
      handlers.onEvent(message.params.subscription, message.params.result ?? null)
      return
    }
    if (typeof message.id !== 'number') return
    const waiter = waiters.get(message.id)
    if (!waiter) return
    waiters.delete(message.id)
    if (message.error) waiter.resolve({ error: message.error })
    else waiter.resolve({ result: message.result ?? null })
  }

  return {
    url,
    async request(method: string, params: Json[]): Promise<NodeAnswer> {
      const ws = await open()
      const id = nextId
      nextId += 1
      return new Promise<NodeAnswer>((resolve, reject) => {
        waiters.set(id, { resolve, reject })
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      })
    },
    close(): void {
      closedByUs = true
      socket?.close()
    },
  }
}

export type ChainSocket = ReturnType<typeof createChainSocket>
