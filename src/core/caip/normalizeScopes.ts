import { parseAccountId } from './parseAccountId.ts'
import type { AccountId, NormalizedScope, NormalizedScopes, ScopesObject } from './types.ts'

/** `a` followed by the items of `b` it lacks; repeats within either are dropped too. */
export const union = <T>(a: readonly T[], b: readonly T[]): T[] => [...new Set([...a, ...b])]

/**
 * Normalizes a validated scopes map (DESIGN §4 step 2): a namespace key with `references` becomes one
 * key per chain (each account goes to its own chain), and a chain named more than once is merged
 * (union of methods, notifications and accounts). Idempotent.
 *
 * @example
 * normalizeScopes({ eip155: { references: ['1', '10'], methods: ['eth_call'], notifications: [] } })
 * // { 'eip155:1': { methods: ['eth_call'], … }, 'eip155:10': { methods: ['eth_call'], … } }
 */
export function normalizeScopes(scopes: ScopesObject): NormalizedScopes {
  const normalized: NormalizedScopes = {}
  const add = (key: string, scope: NormalizedScope): void => {
    const existing = Object.hasOwn(normalized, key) ? normalized[key] : undefined
    normalized[key] = existing
      ? {
          methods: union(existing.methods, scope.methods),
          notifications: union(existing.notifications, scope.notifications),
          accounts: union(existing.accounts, scope.accounts),
        }
      : {
          methods: union([], scope.methods),
          notifications: union([], scope.notifications),
          accounts: union([], scope.accounts),
        }
  }
  for (const [key, scope] of Object.entries(scopes)) {
    const accounts: AccountId[] = scope.accounts ?? []
    if (!scope.references) {
      add(key, { methods: scope.methods, notifications: scope.notifications, accounts })
      continue
    }
    for (const reference of scope.references) {
      const chainId = `${key}:${reference}`
      add(chainId, {
        methods: scope.methods,
        notifications: scope.notifications,
        accounts: accounts.filter((account) => parseAccountId(account)?.chainId === chainId),
      })
    }
  }
  return normalized
}
