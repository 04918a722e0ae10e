import type { Json } from '../rpc/types.ts'
import { type EngineContext, namespaceNameOf } from './namespace.ts'
import type { SessionScopes } from './ports.ts'
import {
  endLostSubscriptions,
  endSession,
  loadSession,
  notifySessionChanged,
  sessionResult,
} from './sessionLifecycle.ts'

/**
 * Disconnects a page API of one namespace (Solana Wallet Standard `disconnect`, DESIGN §8): removes
 * the session's scopes of that namespace (its chains and its `wallet:<namespace>` scope) and keeps
 * every other scope; a session left with none ends, as a revoke. The origin is told when something
 * was removed. Resolves with the session after, as `wallet_getSession` shows it.
 */
export async function disconnectNamespace(
  context: EngineContext,
  request: { origin: string; namespace: string },
): Promise<Json> {
  const { origin, namespace } = request
  const session = await loadSession(context, origin)
  if (!session) return sessionResult(undefined)
  const kept = Object.fromEntries(
    Object.entries(session.sessionScopes).filter(
      ([chainId]) => namespaceNameOf(chainId) !== namespace,
    ),
  ) as SessionScopes
  if (Object.keys(kept).length === Object.keys(session.sessionScopes).length) {
    return sessionResult(session)
  }
  if (Object.keys(kept).length === 0) {
    await endSession(context, origin)
    return sessionResult(undefined)
  }
  const next = { ...session, sessionScopes: kept }
  await context.ports.sessions.set(origin, next)
  await endLostSubscriptions(context, origin, session.sessionScopes, kept)
  notifySessionChanged(context, origin, session, next)
  return sessionResult(next)
}
