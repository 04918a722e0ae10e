import type { RpcErrorObject } from './types.ts'

/**
 * `-32603` with `data.cause` as it travels: something failed inside (the node could not be reached,
 * its result is not JSON). A plain object, so that the inpage script answers it without
 * `@metamask/rpc-errors` in its bundle (docs/performance.md); `internalError` (`errors.ts`) is the
 * same error as an `RpcError`.
 *
 * @example internalErrorObject('Unexpected end of JSON input')
 * // { code: -32603, message: 'Internal error', data: { cause: 'Unexpected end of JSON input' } }
 */
export const internalErrorObject = (cause: string): RpcErrorObject => ({
  code: -32603,
  message: 'Internal error',
  data: { cause },
})
