import type { Address } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import type { NormalizedScopes } from '../caip/types.ts'

/**
 * Whether a requested account can name one of the wallet's (EVM) accounts: `eip155:<n>:<address>`
 * or `wallet:eip155:<address>`. An account of another namespace that merely looks like an EVM
 * address (`cosmos:cosmoshub-4:0x7099…`) names nothing of this wallet's.
 */
const namesWalletAccount = (parsed: { namespace: string; chainId: string }): boolean =>
  parsed.namespace === 'eip155' || parsed.chainId === 'wallet:eip155'

/**
 * The wallet accounts to show checked in the approval window (DESIGN §4 step 6): those whose address
 * a requested `eip155` (or `wallet:eip155`) CAIP-10 account names (case-insensitive; unknown ones and
 * other namespaces ignored), in wallet order; if none match, the wallet's first account.
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
        const parsed = parseAccountId(account)
        if (parsed && namesWalletAccount(parsed)) named.add(parsed.address.toLowerCase())
      }
    }
  }
  const matched = walletAccounts.filter((address) => named.has(address.toLowerCase()))
  return matched.length > 0 ? matched : walletAccounts.slice(0, 1)
}
