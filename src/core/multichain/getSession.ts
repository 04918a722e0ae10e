import type { EngineContext, HandlerAnswer, HandlerCall } from './context.ts'
import { loadSession, sessionResult } from './sessionLifecycle.ts'

/**
 * `wallet_getSession`: the origin's `{ sessionScopes, sessionProperties }`, or
 * `{ sessionScopes: {}, sessionProperties: {} }` when it has none. Params (even a `sessionId`) are ignored.
 */
export async function getSession(
  context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  return { result: sessionResult(await loadSession(context, call.origin)) }
}
