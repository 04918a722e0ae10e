import { isObject } from '@metamask/utils'
/** One Solana account of a session and the Solana chains (CAIP-2) it is granted on, in session order. */
export type SolanaSessionAccount = { address: string; scopes: string[] }

/**
 * The Solana accounts of a session's `sessionScopes` (as `wallet_getSession` and
 * `wallet_sessionChanged` carry them): every `solana:<ref>:<address>` of every `solana:<ref>` scope,
 * once per address, with the scopes that hold it. Anything that is not such an account is skipped.
 *
 * @example
 * solanaSessionAccounts({ 'solana:123456789abcdef': { methods: [], notifications: [],
 *   accounts: ['solana:123456789abcdef:HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'] } })
 * // [{ address: 'HAgk14…', scopes: ['solana:123456789abcdef'] }]
 */
export function solanaSessionAccounts(sessionScopes: unknown): SolanaSessionAccount[] {
  if (!isObject(sessionScopes)) return []
  const byAddress = new Map<string, SolanaSessionAccount>()
  for (const [scope, value] of Object.entries(sessionScopes)) {
    if (!scope.startsWith('solana:') || !isObject(value) || !Array.isArray(value.accounts)) continue
    for (const accountId of value.accounts) {
      if (typeof accountId !== 'string' || !accountId.startsWith(`${scope}:`)) continue
      const address = accountId.slice(scope.length + 1)
      const account = byAddress.get(address) ?? { address, scopes: [] }
      if (!account.scopes.includes(scope)) account.scopes.push(scope)
      byAddress.set(address, account)
    }
  }
  return [...byAddress.values()]
}
