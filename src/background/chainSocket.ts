import type { NodeAnswer } from '../core/multichain/ports.ts'
import type { Json, RpcErrorObject } from '../core/rpc/types.ts'

export type ChainSocketHandlers = {
  /** An `eth_subscription` notification from the node. */
  onEvent(nodeSubscriptionId: string, result: Json): void
  /** The socket closed (not by `close()`); the node forgot every subscription made on it. */
  onLost(): void
}

export type ChainSocketOptions = {
  /** How long opening the socket may take before its waiting requests fail. */
  openTimeoutMs?: number
  /** How long the node may take to answer one request (like the HTTP client's timeout). */
  requestTimeoutMs?: number
}

type Waiter = { resolve(answer: NodeAnswer): void; reject(error: Error): void }

type NodeFrame = {
  id?: number
  result?: Json
  error?: RpcErrorObject
  method?: string
  params?: { subscription?: string; result?: Json }
}

/**
 * One JSON-RPC WebSocket to a chain's node endpoint, opened on first use. Requests made while it
 * opens wait for it; a drop rejects what was in flight and is reported through `onLost`. A socket
 * that does not open, or a request the node does not answer, in time is rejected with an Error
 * (the engine answers the page `-32603` with `data.cause`, DESIGN §4) instead of waiting forever.
 */
export function createChainSocket(
  url: string,
  handlers: ChainSocketHandlers,
  { openTimeoutMs = 30_000, requestTimeoutMs = 30_000 }: ChainSocketOptions = {},
) {
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
      const openTimer = setTimeout(() => {
        // Detached first: its late close event must not reset a socket opened after it.
        ws.onopen = null
        ws.onmessage = null
        ws.onclose = null
        socket = undefined
        opened = undefined
        ws.close()
        reject(new Error(`WebSocket ${url} did not open within ${openTimeoutMs} ms`))
      }, openTimeoutMs)
      ws.onopen = () => {
        clearTimeout(openTimer)
        connected = true
        resolve(ws)
      }
      ws.onmessage = (event) => receive(String(event.data))
      ws.onclose = (event) => {
        clearTimeout(openTimer)
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
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      console.warn(`Aperture: ${url} sent a frame that is not JSON`, error)
      return
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      console.warn(`Aperture: ${url} sent a frame that is not a JSON-RPC object`, text)
      return
    }
    const message = parsed as NodeFrame
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
        const timer = setTimeout(() => {
          waiters.delete(id)
          reject(new Error(`${method} to ${url} timed out after ${requestTimeoutMs} ms`))
        }, requestTimeoutMs)
        const settled =
          <Value>(settle: (value: Value) => void) =>
          (value: Value): void => {
            clearTimeout(timer)
            waiters.delete(id)
            settle(value)
          }
        const waiter: Waiter = { resolve: settled(resolve), reject: settled(reject) }
        waiters.set(id, waiter)
        try {
          ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
        } catch (error) {
          waiter.reject(error instanceof Error ? error : new Error(String(error)))
        }
      })
    },
    close(): void {
      closedByUs = true
      socket?.close()
    },
  }
}

export type ChainSocket = ReturnType<typeof createChainSocket>
