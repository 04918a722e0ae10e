import type { Json } from '@metamask/utils'

export type { Json }

/** A JSON-RPC 2.0 id: a string, a number or null. */
export type RpcId = string | number | null

/** The error member of a JSON-RPC 2.0 response, as it travels on the wire. */
export type RpcErrorObject = { code: number; message: string; data?: Json }

/** A JSON-RPC 2.0 request; `id` is absent on notifications. */
export type RpcRequest = {
  jsonrpc: '2.0'
  id?: RpcId
  method: string
  params?: Json[] | Record<string, Json>
}

/** A JSON-RPC 2.0 notification (a request without id). */
export type RpcNotification = {
  jsonrpc: '2.0'
  method: string
  params?: Json[] | Record<string, Json>
}

export type RpcSuccess = { jsonrpc: '2.0'; id: RpcId; result: Json }
export type RpcFailure = { jsonrpc: '2.0'; id: RpcId; error: RpcErrorObject }
export type RpcResponse = RpcSuccess | RpcFailure

/**
 * A node's answer to one call, relayed verbatim: its `result`, or its `error` (code, message, data).
 *
 * @example { result: '0x7a69' } // eth_chainId on anvil
 */
export type NodeAnswer = { result: Json } | { error: RpcErrorObject }

/**
 * One JSON-RPC call to a chain's node endpoint, as the wallet's own steps make it (filling,
 * simulating, broadcasting, checking an endpoint, catching a subscription up). Throws when the node
 * cannot be reached; a node error is an answer.
 */
export type NodeCall = (method: string, params: Json[]) => Promise<NodeAnswer>

/**
 * A node's answer with a success kept as the node's own JSON text (`resultJson`): the wallet passes a
 * result on without parsing or re-serializing it (a 10,000-log answer is ~5 MB), and the page's
 * provider parses it once. Errors come parsed, as in `NodeAnswer`.
 */
export type RelayedNodeAnswer = { resultJson: string } | { error: RpcErrorObject }

/** How a request reached a node endpoint: WebSocket carries subscriptions, HTTP does not. */
export type EndpointTransport = 'http' | 'ws'
