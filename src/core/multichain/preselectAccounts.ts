import type { Address } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import type { NormalizedScopes } from '../caip/types.ts'

/**
 * The wallet accounts to show checked in the approval window (DESIGN §4 step 6): those whose address
 * a requested CAIP-10 account names (case-insensitive; unknown ones ignored), in wallet order; if none
 * match, the wallet's first account.
 *
 * @example
 * preselectAccounts([{ 'eip155:1': { methods: [], notifications: [],
 *   accounts: ['eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] } }], walletAccounts)
 * // ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']
 */
export function preselectAccounts(
  requested: NormalizedScopes[],
  walletAccounts: readonly Address[],
): Address[] {
  const named = new Set<string>()
  for (const scopes of requested) {
    for (const scope of Object.values(scopes)) {
      for (const account of scope.accounts) {
        const address = parseAccountId(account)?.address
        if (address) named.add(address.toLowerCase())
      }
    }
  }
  const matched = walletAccounts.filter((address) => named.has(address.toLowerCase()))
  return matched.length > 0 ? matched : walletAccounts.slice(0, 1)
}
