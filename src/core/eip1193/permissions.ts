import { invalidParams } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { legacyPermissions } from './legacyPermissions.ts'
import { parsePermissionsParams } from './parsePermissionsParams.ts'
import {
  liveSession,
  type ProviderContext,
  type ProviderHandler,
  viaMultichain,
  viewOf,
} from './providerContext.ts'
import { connectEthereum } from './requestAccounts.ts'
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
 * `wallet_requestPermissions [{ eth_accounts: {} }]`: always the approval window (the wallet's EVM
 * networks, the session's accounts preselected); what the user approves becomes the session's EVM
 * scopes, its other namespaces' scopes kept. Answers the legacy view of the session.
 */
export const requestPermissions: ProviderHandler = async (context, { origin, params }) => {
  const parsed = parsePermissionsParams(params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  await connectEthereum(context, origin, { prompt: true })
  return { result: await permissionsView(context, origin) }
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
