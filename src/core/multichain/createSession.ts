import { requestAlreadyPending, userRejected } from '../rpc/errors.ts'
import { buildSessionScopes } from './buildSessionScopes.ts'
import { computeGrant } from './computeGrant.ts'
import type { EngineContext, HandlerAnswer, HandlerCall } from './namespace.ts'
import { parseCreateSessionParams } from './parseCreateSessionParams.ts'
import type { ApprovalAnswer, StoredSession } from './ports.ts'
import { preselectAccounts } from './preselectAccounts.ts'
import { endLostSubscriptions, notifySessionChanged, sessionResult } from './sessionLifecycle.ts'

/**
 * `wallet_createSession` (DESIGN §4): validates and normalizes the request, computes what the wallet
 * can grant, asks the user (one pending approval per origin) and, on approval, stores the session in
 * place of the origin's earlier one and sends `wallet_sessionChanged`. A rejection changes nothing.
 *
 * Approval results are taken defensively: chains not offered and accounts not in the wallet are
 * ignored, and an approval that leaves out a required chain, or leaves no chain or no account, counts
 * as a rejection (`4001`).
 */
export async function createSession(
  context: EngineContext,
  call: HandlerCall,
): Promise<HandlerAnswer> {
  const { ports, pendingApprovals } = context
  const { origin } = call
  const parsed = parseCreateSessionParams(
    call.params,
    ports.clock.now(),
    context.namespaces.flatMap((namespace) => namespace.sessionFlags ?? []),
  )
  if ('error' in parsed) throw parsed.error
  const { requiredScopes, optionalScopes, sessionProperties } = parsed.request
  const capabilities = await ports.capabilities.get()
  const grant = computeGrant({ requiredScopes, optionalScopes, capabilities })
  if ('error' in grant) throw grant.error

  if (pendingApprovals.has(origin)) throw requestAlreadyPending(origin)
  pendingApprovals.add(origin)
  let approval: ApprovalAnswer
  try {
    approval = await ports.approver.requestApproval({
      origin,
      chains: grant.chains,
      preselectedAccounts: preselectAccounts(
        [requiredScopes, optionalScopes],
        capabilities.accounts,
        { addresses: capabilities.addresses ?? {}, namespaces: context.namespaces },
      ),
      sessionProperties,
    })
  } finally {
    pendingApprovals.delete(origin)
  }
  if (!approval.approved) throw userRejected()

  // Granted is what the window showed (`shown`), never the params of a re-sent copy.
  const { shown } = approval
  const approvedChainIds = new Set(approval.chains)
  if (shown.chains.some((chain) => chain.required && !approvedChainIds.has(chain.chainId))) {
    throw userRejected()
  }
  const chains = shown.chains.filter((chain) => approvedChainIds.has(chain.chainId))
  const approvedAddresses = new Set(approval.accounts.map((address) => address.toLowerCase()))
  const { accounts: walletAccounts, addresses } = await ports.capabilities.get()
  const accounts = walletAccounts.filter((address) => approvedAddresses.has(address.toLowerCase()))
  if (chains.length === 0 || accounts.length === 0) throw userRejected()

  const session: StoredSession = {
    sessionScopes: buildSessionScopes({
      chains,
      accounts,
      wallet: { keys: walletAccounts, addresses: addresses ?? {} },
      namespaces: context.namespaces,
    }),
    sessionProperties: shown.sessionProperties,
    requestedScopes: grant.requestedScopes,
    createdAt: ports.clock.now(),
  }
  const previous = await ports.sessions.get(origin)
  await ports.sessions.set(origin, session)
  if (previous) {
    await endLostSubscriptions(context, origin, previous.sessionScopes, session.sessionScopes)
  }
  notifySessionChanged(context, origin, previous, session)
  return { result: sessionResult(session) }
}
