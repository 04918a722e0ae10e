import { internalErrorObject } from './internalErrorObject.ts'
import type { Json, RpcErrorObject } from './types.ts'

/**
 * A node's result passed on as its JSON text (`resultJson`), parsed where it is finally needed (the
 * page's provider, the standard transport's page): the result, or — for a text that is not JSON — the
 * wallet's `-32603` with the parser's message as `data.cause`, as for any node reply that is not JSON.
 *
 * @example
 * parseResultJson('"0x2a"') // { result: '0x2a' }
 * parseResultJson('[1,') // { error: { code: -32603, message: 'Internal error', data: { cause: … } } }
 */
export function parseResultJson(resultJson: string): { result: Json } | { error: RpcErrorObject } {
  try {
    return { result: JSON.parse(resultJson) as Json }
  } catch (error) {
    return { error: internalErrorObject(error instanceof Error ? error.message : String(error)) }
  }
}
