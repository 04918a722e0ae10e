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
