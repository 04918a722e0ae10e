import { createWebSocketRpcClient } from '../core/rpc/createWebSocketRpcClient.ts'
import type { Json, NodeAnswer } from '../core/rpc/types.ts'

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

export type ChainSocket = {
  readonly url: string
  request(method: string, params: Json[]): Promise<NodeAnswer>
  close(): void
}

/**
 * One JSON-RPC WebSocket to a chain's node endpoint, opened on first use (the shared client of
 * `core/rpc` over the worker's `WebSocket`). A socket that does not open, or a request the node does
 * not answer, in time is rejected with an Error (the engine answers the page `-32603` with
 * `data.cause`, DESIGN §4) instead of waiting forever; a drop is reported through `onLost`.
 */
export function createChainSocket(
  url: string,
  handlers: ChainSocketHandlers,
  { openTimeoutMs = 30_000, requestTimeoutMs = 30_000 }: ChainSocketOptions = {},
): ChainSocket {
  return createWebSocketRpcClient({
    url,
    openTimeoutMs,
    requestTimeoutMs,
    connect(events) {
      const ws = new WebSocket(url)
      ws.onopen = () => events.open()
      ws.onmessage = (event) => events.message(String(event.data))
      ws.onclose = (event) => events.close(event.code)
      return ws
    },
    onNotification: handlers.onEvent,
    onLost: handlers.onLost,
    warn: (message, detail) => console.warn(`Aperture: ${message}`, detail),
  })
}
