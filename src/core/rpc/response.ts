import type { RpcError } from './errors.ts'
import type { Json, RpcFailure, RpcId, RpcSuccess } from './types.ts'

/** A success response for `id`. */
export const success = (id: RpcId, result: Json): RpcSuccess => ({ jsonrpc: '2.0', id, result })

/** A failure response for `id`, carrying the error's wire form. */
export const failure = (id: RpcId, error: RpcError): RpcFailure => ({
  jsonrpc: '2.0',
  id,
  error: error.toJSON(),
})
