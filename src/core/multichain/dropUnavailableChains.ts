import type { EngineContext } from './namespace.ts'
import { removeScopes } from './sessionLifecycle.ts'

/**
 * Drops, from every stored session, the scopes of chains the wallet no longer offers (a custom
 * network was removed, or the API key of the built-in ones was cleared), through `removeScopes`:
 * each origin whose scopes changed is told with `wallet_sessionChanged`; the dropped chains'
 * subscriptions end; a session left without a chain ends as if revoked. `requestedScopes` is kept,
 * so the user can grant the chain again in the popup once the network is back.
 *
 * @example
 * // eip155:1337 removed from the wallet's networks
 * await dropUnavailableChains(context) // sessions on eip155:1337 lose that scope
 */
export async function dropUnavailableChains(context: EngineContext): Promise<void> {
  const { sessions, capabilities } = context.ports
  const { chains } = await capabilities.get()
  for (const { origin } of await sessions.list()) {
    await removeScopes(context, origin, (chainId) => !Object.hasOwn(chains, chainId))
  }
}
