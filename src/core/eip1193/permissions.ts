import type { Address } from 'viem'
import type { AccountId, ChainId } from '../caip/types.ts'
import type { EngineResponse } from '../multichain/ports.ts'
import { invalidParams } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { legacyPermissions } from './legacyPermissions.ts'
import { parsePermissionsParams } from './parsePermissionsParams.ts'
import {
  liveSession,
  type ProviderCall,
  type ProviderContext,
  type ProviderHandler,
  sessionAddresses,
  viaMultichain,
  viewOf,
  walletChains,
} from './providerContext.ts'
import { evmChains } from './siteView.ts'

/** The legacy view of the origin's session (`legacyPermissions`), `[]` without one. */
async function permissionsView(context: ProviderContext, origin: string): Promise<Json> {
  const session = await liveSession(context, origin)
  if (!session) return []
  const { accounts } = await viewOf(context, origin, session)
  return legacyPermissions({
    origin,
    accounts,
    chains: evmChains(Object.keys(session.sessionScopes)),
    createdAt: session.createdAt,
  })
}

/**
 * Asks for a session in the approval window through `wallet_createSession` on the page request's
 * connection and id: `chains` in that order with their standard methods and notifications,
 * `preselected` accounts checked. Concurrent calls of one origin share the window and its answer.
 */
function requestSession(
  context: ProviderContext,
  call: ProviderCall,
  chains: ChainId[],
  preselected: Address[],
): Promise<EngineResponse> {
  const shared = context.requestingSession.get(call.origin)
  if (shared) return shared
  const optionalScopes: Record<string, Json> = {}
  for (const chainId of chains) {
    const accounts: Json[] = preselected.map((address): AccountId => `${chainId}:${address}`)
    optionalScopes[chainId] = { methods: [], notifications: [], accounts }
  }
  const asked = viaMultichain(context, call, 'wallet_createSession', { optionalScopes }).finally(
    () => context.requestingSession.delete(call.origin),
  )
  context.requestingSession.set(call.origin, asked)
  return asked
}

/**
 * `wallet_requestPermissions [{ eth_accounts: {} }]`: always the approval window — the site's
 * chain first, the session's EVM chains, the wallet's others; the session's accounts preselected —
 * then the legacy view of the session it made.
 */
export const requestPermissions: ProviderHandler = async (context, call) => {
  const parsed = parsePermissionsParams(call.params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const session = await liveSession(context, call.origin)
  const current = await viewOf(context, call.origin, session)
  const sessionChains = evmChains(Object.keys(session?.sessionScopes ?? {}))
  const chains = [...new Set([current.chainId, ...sessionChains, ...(await walletChains(context))])]
  const preselected = session ? sessionAddresses(session) : []
  const response = await requestSession(context, call, chains, preselected)
  if ('error' in response) return { error: response.error }
  return { result: await permissionsView(context, call.origin) }
}

/** `wallet_getPermissions`: the legacy view of the session, `[]` without one. */
export const getPermissions: ProviderHandler = async (context, { origin }) => ({
  result: await permissionsView(context, origin),
})

/** `wallet_revokePermissions [{ eth_accounts: {} }]`: ends the whole session → `null`. */
export const revokePermissions: ProviderHandler = async (context, call) => {
  const parsed = parsePermissionsParams(call.params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const response = await viaMultichain(context, call, 'wallet_revokeSession', {})
  if ('error' in response) return { error: response.error }
  return { result: null }
}
