import { union } from '../caip/normalizeScopes.ts'
import type { ChainId } from '../caip/types.ts'
import { buildSessionScopes } from './buildSessionScopes.ts'
import type { EngineContext } from './namespace.ts'
import type { SessionScopes, StoredSession } from './ports.ts'
import { endsSession, type SessionEdit, sameMembers } from './sessionEdit.ts'
import {
  endLostSubscriptions,
  endSession,
  loadSession,
  notifySessionChanged,
} from './sessionLifecycle.ts'

/** `eip155` of `eip155:1`, `wallet` of `wallet:eip155`: wallet scopes are never ceilings of chains. */
const scopePrefix = (chainId: string): string => chainId.slice(0, chainId.indexOf(':'))

/**
 * The most a chain may be granted after an edit: what the dapp asked for on it, or — for a chain the
 * user adds that the dapp did not name — what it asked for on the other chains of that namespace.
 */
function requestCeiling(
  session: StoredSession,
  chainId: ChainId,
): { methods: string[]; notifications: string[] } | undefined {
  if (Object.hasOwn(session.requestedScopes, chainId)) return session.requestedScopes[chainId]
  const sameNamespace = Object.entries(session.requestedScopes).filter(
    ([other]) => scopePrefix(other) === scopePrefix(chainId),
  )
  if (sameNamespace.length === 0) return undefined
  return sameNamespace.reduce(
    (ceiling, [, scope]) => ({
      methods: union(ceiling.methods, scope.methods),
      notifications: union(ceiling.notifications, scope.notifications),
    }),
    { methods: [] as string[], notifications: [] as string[] },
  )
}

function sameSessionScopes(a: SessionScopes, b: SessionScopes): boolean {
  const chains = Object.keys(a) as ChainId[]
  if (!sameMembers(chains, Object.keys(b))) return false
  return chains.every((chainId) => {
    const [x, y] = [a[chainId], b[chainId]]
    return (
      x !== undefined &&
      y !== undefined &&
      sameMembers(x.methods, y.methods) &&
      sameMembers(x.notifications, y.notifications) &&
      sameMembers(x.accounts, y.accounts)
    )
  })
}

/**
 * Applies a popup edit of an origin's session: the chains and accounts the user keeps. A chain gets
 * the methods/notifications the dapp requested that the wallet supports — never more; chains the
 * wallet no longer supports and accounts it does not hold are ignored. No chain or no account left
 * is a revoke. Removed chains lose their subscriptions; the origin is told when the scopes changed.
 */
export async function updateSession(
  context: EngineContext,
  origin: string,
  edit: SessionEdit,
): Promise<void> {
  const session = await loadSession(context, origin)
  if (!session) return
  const capabilities = await context.ports.capabilities.get()
  const keptAddresses = new Set(edit.accounts.map((address) => address.toLowerCase()))
  const accounts = capabilities.accounts.filter((address) =>
    keptAddresses.has(address.toLowerCase()),
  )
  const chains = [...new Set(edit.chains)].flatMap((chainId) => {
    const supported = Object.hasOwn(capabilities.chains, chainId)
      ? capabilities.chains[chainId]
      : undefined
    const ceiling = requestCeiling(session, chainId)
    if (!supported || !ceiling) return []
    return [
      {
        chainId,
        methods: ceiling.methods.filter((method) => supported.methods.includes(method)),
        notifications: ceiling.notifications.filter((name) =>
          supported.notifications.includes(name),
        ),
      },
    ]
  })
  if (endsSession({ chains: chains.map(({ chainId }) => chainId), accounts })) {
    await endSession(context, origin)
    return
  }
  const sessionScopes = buildSessionScopes({
    chains,
    accounts,
    wallet: { keys: capabilities.accounts, addresses: capabilities.addresses ?? {} },
    namespaces: context.namespaces,
  })
  if (sameSessionScopes(session.sessionScopes, sessionScopes)) return
  const next = { ...session, sessionScopes }
  await context.ports.sessions.set(origin, next)
  await endLostSubscriptions(context, origin, session.sessionScopes, sessionScopes)
  notifySessionChanged(context, origin, session, next)
}
