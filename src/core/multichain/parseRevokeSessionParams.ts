import { isObject } from '@metamask/utils'
import { parseChainId } from '../caip/parseChainId.ts'
import type { ChainId } from '../caip/types.ts'
import { invalidParams, Problems, type RpcError } from '../rpc/errors.ts'

/** What `wallet_revokeSession` removes: the whole session, or only some of its scopes. */
export type RevokeSessionRequest = { scopes: 'all' } | { scopes: ChainId[] }

/**
 * Parses `wallet_revokeSession` params `{ scopes? }` (DESIGN §4): no params, no `scopes` or an empty
 * `scopes` revoke the whole session (an empty list as the reference wallet reads it); otherwise
 * `scopes` must be an array of CAIP-2 chain ids (`wallet:eip155` included), each removed once.
 * A `sessionId` is ignored. Params that are not an object, or malformed `scopes`, are `-32602`
 * listing the problems (a few, however long the list). Never throws.
 *
 * @example parseRevokeSessionParams({ scopes: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
 * // { request: { scopes: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] } }
 */
export function parseRevokeSessionParams(
  params: unknown,
): { request: RevokeSessionRequest } | { error: RpcError } {
  if (params === undefined) return { request: { scopes: 'all' } }
  if (!isObject(params)) {
    return { error: invalidParams([{ path: 'params', message: 'must be an object' }]) }
  }
  const { scopes } = params
  if (scopes === undefined) return { request: { scopes: 'all' } }
  if (!Array.isArray(scopes)) {
    return {
      error: invalidParams([{ path: 'scopes', message: 'must be an array of CAIP-2 chain ids' }]),
    }
  }
  if (scopes.length === 0) return { request: { scopes: 'all' } }
  const problems = new Problems()
  const chainIds = new Set<ChainId>()
  for (const [index, scope] of scopes.entries()) {
    if (problems.full) break
    const parsed = parseChainId(scope)
    if (parsed) chainIds.add(parsed.chainId)
    else problems.add(`scopes[${index}]`, 'must be a CAIP-2 chain id')
  }
  if (problems.count > 0) return { error: invalidParams(problems) }
  return { request: { scopes: [...chainIds] } }
}
