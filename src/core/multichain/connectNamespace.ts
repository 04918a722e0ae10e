import type { ChainId } from '../caip/types.ts'
import { requestAlreadyPending, unsupportedChains, userRejected } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { buildSessionScopes } from './buildSessionScopes.ts'
import { type EngineContext, namespaceNameOf } from './namespace.ts'
import type {
  ApprovalAnswer,
  ApprovalChain,
  ConnectNamespaceRequest,
  StoredSession,
} from './ports.ts'
import { preselectAccounts } from './preselectAccounts.ts'
import {
  endLostSubscriptions,
  loadSession,
  notifySessionChanged,
  sessionResult,
} from './sessionLifecycle.ts'

/** Whether `chainId` is a chain of `namespace` (`solana:<ref>`), not its wallet scope. */
const isChainOf = (namespace: string, chainId: string): boolean =>
  chainId.startsWith(`${namespace}:`)

/** Whether the session grants any account on a chain of `namespace`. */
function holdsAccountsOf(session: StoredSession | undefined, namespace: string): boolean {
  if (!session) return false
  return Object.entries(session.sessionScopes).some(
    ([chainId, scope]) => isChainOf(namespace, chainId) && scope.accounts.length > 0,
  )
}

/**
 * Connects a page API that speaks one namespace (the Solana Wallet Standard wallet, DESIGN §8) to
 * the origin's one CAIP-25 session, without touching its other scopes. When the session already
 * holds accounts of the namespace, or `silent` is set, it answers the session as it is. Otherwise
 * the approval window offers the wallet's enabled chains of the namespace (`firstChain` first)
 * with their standard methods and notifications (as `methods: []` asks), the wallet accounts the session already grants
 * (else the first) preselected; the approved chains and accounts are added to the session (a new
 * one when there was none) and the origin is told (`wallet_sessionChanged`). Resolves with the
 * session as `wallet_getSession` shows it. No chain of the namespace → `5100`; another approval of
 * the origin open → `-32002`; rejected or closed → `4001`, the session unchanged.
 */
export async function connectNamespace(
  context: EngineContext,
  request: ConnectNamespaceRequest,
): Promise<Json> {
  const { ports, pendingApprovals } = context
  const { origin, namespace } = request
  const session = await loadSession(context, origin)
  if (request.silent || (!request.prompt && holdsAccountsOf(session, namespace))) {
    return sessionResult(session)
  }

  const capabilities = await ports.capabilities.get()
  const offered: ApprovalChain[] = Object.entries(capabilities.chains).flatMap(
    ([chainId, support]) =>
      isChainOf(namespace, chainId)
        ? [
            {
              chainId: chainId as ChainId,
              required: false,
              methods: [...support.methods],
              notifications: [...support.notifications],
            },
          ]
        : [],
  )
  if (offered.length === 0) throw unsupportedChains()
  const first = offered.findIndex((chain) => chain.chainId === request.firstChain)
  if (first > 0) offered.unshift(...offered.splice(first, 1))

  if (pendingApprovals.has(origin)) throw requestAlreadyPending(origin)
  pendingApprovals.add(origin)
  let approval: ApprovalAnswer
  try {
    approval = await ports.approver.requestApproval({
      origin,
      chains: offered,
      preselectedAccounts: preselectAccounts(
        session ? [session.sessionScopes] : [],
        capabilities.accounts,
        { addresses: capabilities.addresses ?? {}, namespaces: context.namespaces },
      ),
      sessionProperties: session?.sessionProperties ?? {},
    })
  } finally {
    pendingApprovals.delete(origin)
  }
  if (!approval.approved) throw userRejected()

  const approvedChains = new Set(approval.chains)
  // Granted is what the window showed (`shown`), never what is offered to a re-sent copy.
  const chains = approval.shown.chains.filter((chain) => approvedChains.has(chain.chainId))
  const approvedAccounts = new Set(approval.accounts.map((address) => address.toLowerCase()))
  const { accounts: walletAccounts, addresses } = await ports.capabilities.get()
  const accounts = walletAccounts.filter((address) => approvedAccounts.has(address.toLowerCase()))
  if (chains.length === 0 || accounts.length === 0) throw userRejected()

  // The session as it is now: another API may have changed it while the window was open.
  const current = await loadSession(context, origin)
  const requested = Object.fromEntries(
    chains.map(({ chainId, methods, notifications }) => [chainId, { methods, notifications }]),
  )
  // Asked again (`prompt`): what the user approved now is all this namespace's chains hold. Its
  // wallet scope (`wallet:eip155`) is not a chain: it stays, its accounts (if it had any) the
  // approved ones.
  const kept = <Scope>(scopes: Record<ChainId, Scope> | undefined): Record<ChainId, Scope> =>
    Object.fromEntries(
      Object.entries(scopes ?? {}).filter(
        ([chainId]) => !request.prompt || !isChainOf(namespace, chainId),
      ),
    ) as Record<ChainId, Scope>
  const wallet = { keys: walletAccounts, addresses: addresses ?? {} }
  const walletScopes = Object.entries(current?.sessionScopes ?? {}).flatMap(([scopeId, scope]) =>
    request.prompt &&
    scope.accounts.length > 0 &&
    !isChainOf(namespace, scopeId) &&
    namespaceNameOf(scopeId) === namespace
      ? [
          {
            chainId: scopeId as ChainId,
            methods: scope.methods,
            notifications: scope.notifications,
          },
        ]
      : [],
  )
  const next: StoredSession = {
    sessionScopes: {
      ...kept(current?.sessionScopes),
      ...buildSessionScopes({
        chains: [...chains, ...walletScopes],
        accounts,
        wallet,
        namespaces: context.namespaces,
      }),
    },
    sessionProperties: current?.sessionProperties ?? {},
    requestedScopes: {
      ...kept(current?.requestedScopes),
      ...requested,
    },
    createdAt: current?.createdAt ?? ports.clock.now(),
  }
  await ports.sessions.set(origin, next)
  if (current)
    await endLostSubscriptions(context, origin, current.sessionScopes, next.sessionScopes)
  notifySessionChanged(context, origin, current, next)
  return sessionResult(next)
}
