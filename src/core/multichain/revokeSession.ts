import type { EngineContext, HandlerAnswer, HandlerCall } from './namespace.ts'
import { parseRevokeSessionParams } from './parseRevokeSessionParams.ts'
import { endSession, removeScopes } from './sessionLifecycle.ts'

/**
 * `wallet_revokeSession { scopes? }`: without `scopes`, ends the origin's session and all its
 * subscriptions; with `scopes` (CAIP-2 chain ids), removes only those scopes and keeps the rest, the
 * session ending when none is left (the reference wallet's Solana wallet disconnects so, leaving the
 * site's EVM accounts). Answers `true`, also when there was no session or nothing to remove (then
 * no `wallet_sessionChanged` is sent). Malformed `scopes` → `-32602`.
 */
export async function revokeSession(
  context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  const parsed = parseRevokeSessionParams(call.params)
  if ('error' in parsed) throw parsed.error
  const { scopes } = parsed.request
  if (scopes === 'all') await endSession(context, call.origin)
  else await removeScopes(context, call.origin, (chainId) => scopes.includes(chainId))
  return { result: true }
}
