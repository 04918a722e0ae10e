import type { EngineContext, HandlerAnswer, HandlerCall } from './namespace.ts'
import { endSession } from './sessionLifecycle.ts'

/**
 * `wallet_revokeSession`: ends the origin's session and all its subscriptions; answers `true` even
 * when there was no session (then no `wallet_sessionChanged` is sent).
 */
export async function revokeSession(
  context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  await endSession(context, call.origin)
  return { result: true }
}
