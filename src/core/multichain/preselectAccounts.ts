import { parseAccountId } from '../caip/parseAccountId.ts'
import type { NormalizedScopes } from '../caip/types.ts'
import { findNamespace, type NamespaceKnowledge } from './namespace.ts'
import type { AccountKey } from './ports.ts'

export type PreselectOptions = {
  /** Per namespace, each wallet account's address there, in wallet order (`WalletCapabilities`). */
  addresses?: Record<string, string[]>
  /** The namespaces the wallet speaks: each reads its accounts' format (`Namespace.sameAddress`). */
  namespaces: readonly NamespaceKnowledge[]
}

/**
 * The wallet accounts to show checked in the approval window (DESIGN §4 step 6): those a requested
 * CAIP-10 account names — in its namespace's format and matching rule (`Namespace.sameAddress`:
 * case-insensitive for `eip155` and `wallet:eip155`, exact for `solana`; unknown accounts and
 * namespaces the wallet does not speak ignored), in wallet order; if none match, the first account.
 *
 * @example
 * preselectAccounts([{ 'eip155:1': { methods: [], notifications: [],
 *   accounts: ['eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] } }], walletAccounts,
 *   { namespaces: walletNamespaces })
 * // ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']
 */
export function preselectAccounts(
  requested: NormalizedScopes[],
  walletAccounts: readonly AccountKey[],
  options: PreselectOptions,
): AccountKey[] {
  const { namespaces } = options
  const wallet = { keys: walletAccounts, addresses: options.addresses ?? {} }
  const named = new Set<number>()
  for (const scopes of requested) {
    for (const scope of Object.values(scopes)) {
      for (const account of scope.accounts) {
        const parsed = parseAccountId(account)
        const namespace = parsed && findNamespace(namespaces, parsed.chainId)
        if (!parsed || !namespace) continue
        namespace.addresses(wallet).forEach((address, index) => {
          if (namespace.sameAddress(address, parsed.address)) named.add(index)
        })
      }
    }
  }
  const matched = walletAccounts.filter((_, index) => named.has(index))
  return matched.length > 0 ? matched : walletAccounts.slice(0, 1)
}
