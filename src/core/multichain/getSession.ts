import type { EngineContext, HandlerAnswer, HandlerCall } from './namespace.ts'
import { sessionResult } from './sessionLifecycle.ts'

/**
 * `wallet_getSession`: the origin's `{ sessionScopes, sessionProperties }`, or
 * `{ sessionScopes: {}, sessionProperties: {} }` when it has none. Params (even a `sessionId`) are ignored.
 */
export async function getSession(
  _context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  return { result: sessionResult(call.session) }
}
