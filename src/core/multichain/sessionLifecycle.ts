import type { ChainId } from '../caip/types.ts'
import type { Json, RpcNotification } from '../rpc/types.ts'
import { type EngineContext, findNamespace } from './namespace.ts'
import { expiryTime } from './parseSessionProperties.ts'
import type { SessionScopes, StoredSession } from './ports.ts'

/** `wallet_sessionChanged` carrying the origin's current scopes (`{}` once the session is gone). */
export const sessionChanged = (sessionScopes: SessionScopes): RpcNotification => ({
  jsonrpc: '2.0',
  method: 'wallet_sessionChanged',
  params: { sessionScopes },
})

/**
 * Tells every live connection of `origin` that its stored session changed from `before` to `after`
 * (`undefined`: none): `wallet_sessionChanged` with the scopes after, then what each namespace adds
 * for that change (`Namespace.sessionChangeNotifications`).
 */
export function notifySessionChanged(
  context: EngineContext,
  origin: string,
  before: StoredSession | undefined,
  after: StoredSession | undefined,
): void {
  const { notifier } = context.ports
  notifier.toOrigin(origin, sessionChanged(after?.sessionScopes ?? {}))
  for (const namespace of context.namespaces) {
    for (const notification of namespace.sessionChangeNotifications?.(before, after) ?? []) {
      notifier.toOrigin(origin, notification)
    }
  }
}

/** Whether the session's `expiry` is at or before `now`. */
export function isExpired(session: StoredSession, now: number): boolean {
  const expiresAt = expiryTime(session.sessionProperties)
  return expiresAt !== undefined && expiresAt <= now
}

/**
 * The session as `wallet_createSession` / `wallet_getSession` return it, with the known properties
 * it keeps (`expiry`, the namespaces' flags).
 */
export function sessionResult(session: StoredSession | undefined): Json {
  const sessionProperties: Record<string, Json> = {}
  for (const [key, value] of Object.entries(session?.sessionProperties ?? {})) {
    if (value !== undefined) sessionProperties[key] = value
  }
  return { sessionScopes: session?.sessionScopes ?? {}, sessionProperties }
}

/**
 * Ends the origin's session, if any: deletes it, ends all the origin's subscriptions and, when there
 * was a session, sends `wallet_sessionChanged { sessionScopes: {} }`. Returns whether there was one.
 * Ends that overlap (the expiry timer and alarm, a page request at the same moment) end it once:
 * the later ones wait for the first and return false.
 */
export async function endSession(context: EngineContext, origin: string): Promise<boolean> {
  const inFlight = context.endingSessions.get(origin)
  if (inFlight) {
    await inFlight
    return false
  }
  const ending = (async () => {
    const { sessions, nodes } = context.ports
    const before = await sessions.get(origin)
    if (before) await sessions.delete(origin)
    await nodes.unsubscribeAll({ origin })
    if (before) notifySessionChanged(context, origin, before, undefined)
    return before !== undefined
  })()
  context.endingSessions.set(origin, ending)
  try {
    return await ending
  } finally {
    context.endingSessions.delete(origin)
  }
}

/** The origin's session, after ending it if its `expiry` has passed. */
export async function loadSession(
  context: EngineContext,
  origin: string,
): Promise<StoredSession | undefined> {
  const session = await context.ports.sessions.get(origin)
  if (session && isExpired(session, context.ports.clock.now())) {
    await endSession(context, origin)
    return undefined
  }
  return session
}

/**
 * Ends the origin's subscriptions on each chain that no longer allows them after a session change:
 * the chain's namespace says whether a scope can hold them (`Namespace.subscriptions.allowedIn`).
 */
export async function endLostSubscriptions(
  context: EngineContext,
  origin: string,
  before: SessionScopes,
  after: SessionScopes,
): Promise<void> {
  for (const chainId of Object.keys(before) as ChainId[]) {
    const subscriptions = findNamespace(context.namespaces, chainId)?.subscriptions
    if (!subscriptions) continue
    const kept = Object.hasOwn(after, chainId) ? after[chainId] : undefined
    if (subscriptions.allowedIn(before[chainId]) && !subscriptions.allowedIn(kept)) {
      await context.ports.nodes.unsubscribeAll({ origin, chainId })
    }
  }
}

/**
 * Removes the origin's session scopes that `removed` picks and keeps every other scope: the session
 * goes on with the rest (its lost subscriptions ended, the origin told), or ends, as a revoke, when
 * none is left. Nothing happens when no scope is picked. Resolves with the session after
 * (`undefined`: none).
 */
export async function removeScopes(
  context: EngineContext,
  origin: string,
  removed: (chainId: ChainId) => boolean,
): Promise<StoredSession | undefined> {
  const session = await loadSession(context, origin)
  if (!session) return undefined
  const kept = Object.fromEntries(
    Object.entries(session.sessionScopes).filter(([chainId]) => !removed(chainId as ChainId)),
  ) as SessionScopes
  if (Object.keys(kept).length === Object.keys(session.sessionScopes).length) return session
  if (Object.keys(kept).length === 0) {
    await endSession(context, origin)
    return undefined
  }
  const next = { ...session, sessionScopes: kept }
  await context.ports.sessions.set(origin, next)
  await endLostSubscriptions(context, origin, session.sessionScopes, kept)
  notifySessionChanged(context, origin, session, next)
  return next
}
