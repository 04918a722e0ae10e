import type { Json } from '../rpc/types.ts'
import { type EngineContext, namespaceNameOf } from './namespace.ts'
import { removeScopes, sessionResult } from './sessionLifecycle.ts'

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
  const after = await removeScopes(
    context,
    origin,
    (chainId) => namespaceNameOf(chainId) === namespace,
  )
  return sessionResult(after)
}
