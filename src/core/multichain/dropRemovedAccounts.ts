import { parseAccountId } from '../caip/parseAccountId.ts'
import type { AccountId } from '../caip/types.ts'
import { type EngineContext, findNamespace } from './namespace.ts'
import type { SessionScopes } from './ports.ts'
import { endSession, loadSession, notifySessionChanged } from './sessionLifecycle.ts'

/**
 * Drops, from every stored session, the accounts the wallet no longer holds (an imported account was
 * removed, DESIGN §9): each scope keeps the accounts its namespace still finds among the wallet's
 * (`Namespace.addresses`, `sameAddress`). Each origin whose accounts changed is told with
 * `wallet_sessionChanged` (and its namespaces' own notifications: EIP-1193 `accountsChanged`); a
 * session left without any account ends as if revoked.
 *
 * @example
 * // the imported 0x8626… was removed from the wallet
 * await dropRemovedAccounts(context) // sessions granting eip155:1:0x8626… lose it
 */
export async function dropRemovedAccounts(context: EngineContext): Promise<void> {
  const { sessions, capabilities } = context.ports
  const { accounts, addresses } = await capabilities.get()
  const wallet = { keys: accounts, addresses: addresses ?? {} }
  const held = (account: AccountId): boolean => {
    const parsed = parseAccountId(account)
    const namespace = parsed && findNamespace(context.namespaces, parsed.chainId)
    if (!parsed || !namespace) return false
    return namespace
      .addresses(wallet)
      .some((address) => namespace.sameAddress(address, parsed.address))
  }
  for (const { origin } of await sessions.list()) {
    const session = await loadSession(context, origin)
    if (!session) continue
    let dropped = false
    const kept = Object.fromEntries(
      Object.entries(session.sessionScopes).map(([chainId, scope]) => {
        const stillHeld = scope.accounts.filter(held)
        dropped ||= stillHeld.length !== scope.accounts.length
        return [chainId, { ...scope, accounts: stillHeld }]
      }),
    ) as SessionScopes
    if (!dropped) continue
    if (Object.values(kept).every((scope) => scope.accounts.length === 0)) {
      await endSession(context, origin)
      continue
    }
    const next = { ...session, sessionScopes: kept }
    await sessions.set(origin, next)
    notifySessionChanged(context, origin, session, next)
  }
}
