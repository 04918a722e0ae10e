import { JsonRpcError } from '@metamask/rpc-errors'
import type { Json, RpcErrorObject } from './types.ts'

/** One problem found while validating input: where (`optionalScopes["eip155"].methods[0]`) and what. */
export type Problem = { path: string; message: string }

/**
 * A JSON-RPC error with its wire `code`, `message` and optional `data`. Every error the wallet or the
 * endpoint answers with is one of the constructors below, so codes and messages live in one place.
 */
export class RpcError extends JsonRpcError<Json> {
  constructor(code: number, message: string, data?: Json) {
    super(code, message, data)
    this.name = 'RpcError'
  }

  /** The error as it is sent on the wire (no stack). */
  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

// JSON-RPC 2.0 ------------------------------------------------------------------------------------

/** `-32700`: the body is not JSON. */
export const parseError = (): RpcError => new RpcError(-32700, 'Parse error')

/** `-32600`: the JSON is not a JSON-RPC request (or is an empty batch). */
export const invalidRequest = (detail?: string): RpcError =>
  new RpcError(-32600, detail ? `Invalid Request: ${detail}` : 'Invalid Request')

/** `-32601` with `data: { method }`: the method does not exist or is not available here. */
export const methodNotFound = (method: string): RpcError =>
  new RpcError(-32601, `The method "${method}" does not exist / is not available.`, { method })

/** `-32602`: invalid params; `data` lists each problem as `{ path, message }` when there are several. */
export const invalidParams = (problems: Problem[] | string): RpcError =>
  typeof problems === 'string'
    ? new RpcError(-32602, problems)
    : new RpcError(
        -32602,
        `Invalid params: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
        {
          problems,
        },
      )

/** `-32603` with `data.cause`: something failed inside, e.g. the node could not be reached. */
export const internalError = (cause: string): RpcError =>
  new RpcError(-32603, 'Internal error', { cause })

// Multichain API (DESIGN §4) ----------------------------------------------------------------------

/** `-32002`: the origin already has a `wallet_createSession` waiting for the user. */
export const requestAlreadyPending = (origin: string): RpcError =>
  new RpcError(
    -32002,
    `Request of type wallet_createSession already pending for origin ${origin}. Please wait.`,
  )

/** `4001`: the user rejected the request or closed the approval window. */
export const userRejected = (): RpcError => new RpcError(4001, 'User rejected the request.')

/** `4100`: no session, scope not granted, or method not granted in that scope. */
export const unauthorized = (): RpcError =>
  new RpcError(4100, 'The requested account and/or method has not been authorized by the user.')

/** `5100`: a required chain is not supported, or nothing supported is left to grant. */
export const unsupportedChains = (): RpcError =>
  new RpcError(5100, 'Requested networks are not supported')

/** `5101`: a required method is not supported. */
export const unsupportedMethods = (): RpcError =>
  new RpcError(5101, 'Requested methods are not supported')

/** `5102`: a required notification is not supported. */
export const unsupportedNotifications = (): RpcError =>
  new RpcError(5102, 'Requested notifications are not supported')

/** `5302`: `sessionProperties` given but empty or not an object. */
export const invalidSessionProperties = (): RpcError =>
  new RpcError(5302, 'Invalid sessionProperties requested')

// Node endpoint (DESIGN §5) -----------------------------------------------------------------------

/** HTTP 401 body / WS refusal: the API key in the path is not known. */
export const invalidProjectId = (): RpcError => new RpcError(-32001, 'invalid project id')

/** `-32005`: a log filter names more than `limit` addresses and topic values. */
export const tooManyParameters = (count: number, limit: number): RpcError =>
  new RpcError(-32005, `query exceeds max parameters of ${limit}`, { parameters: count, limit })

/** `-32005`: a log query matched more than `limit` logs; `data` suggests a range that fits. */
export const tooManyResults = (
  limit: number,
  suggestion?: { from: string; to: string },
): RpcError =>
  new RpcError(
    -32005,
    `query returned more than ${limit} results`,
    suggestion ? { from: suggestion.from, to: suggestion.to, limit } : { limit },
  )

/** `-32005`: a log query took longer than the query timeout. */
export const queryTimeout = (): RpcError => new RpcError(-32005, 'query timeout exceeded')

/** `-32000`: the filter id is unknown to this API key, uninstalled or expired. */
export const filterNotFound = (): RpcError => new RpcError(-32000, 'filter not found')

/** Any thrown value as an `RpcError`: RpcErrors pass through, anything else becomes `-32603`. */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error
  return internalError(error instanceof Error ? error.message : String(error))
}
