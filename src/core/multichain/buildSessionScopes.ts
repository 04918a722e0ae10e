import type { AccountId, ChainId } from '../caip/types.ts'
import { findNamespace, type NamespaceKnowledge, type WalletAccounts } from './namespace.ts'
import type { AccountKey, SessionScopes } from './ports.ts'

export type BuildSessionScopesParameters = {
  chains: ReadonlyArray<{ chainId: ChainId; methods: string[]; notifications: string[] }>
  /** The wallet accounts granted, by their key (`WalletAccounts.keys`), any letter case. */
  accounts: readonly AccountKey[]
  /** All the wallet's accounts with their addresses per namespace (default: `accounts`, EVM only). */
  wallet?: WalletAccounts
  /** The namespaces the wallet speaks: each names the accounts of its chains (`Namespace.accountId`). */
  namespaces: readonly NamespaceKnowledge[]
}

/**
 * The `sessionScopes` of a session: one entry per chain, each granted account in the format of the
 * chain's namespace (`Namespace.accountId`): `eip155:<ref>:<EIP-55 address>` (DESIGN §4 step 7),
 * `solana:<ref>:<base58>` (§8).
 *
 * @example
 * buildSessionScopes({ chains: [{ chainId: 'eip155:1', methods: ['eth_call'], notifications: [] }],
 *   accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'], namespaces: walletNamespaces })
 * // { 'eip155:1': { methods: ['eth_call'], notifications: [],
 * //   accounts: ['eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] } }
 */
export function buildSessionScopes(parameters: BuildSessionScopesParameters): SessionScopes {
  const { accounts, namespaces } = parameters
  const wallet = parameters.wallet ?? { keys: accounts }
  const granted = new Set(accounts.map((key) => key.toLowerCase()))
  const grantedIndexes = wallet.keys.flatMap((key, index) =>
    granted.has(key.toLowerCase()) ? [index] : [],
  )
  const sessionScopes: SessionScopes = {}
  for (const { chainId, methods, notifications } of parameters.chains) {
    const namespace = findNamespace(namespaces, chainId)
    const addresses = namespace?.addresses(wallet) ?? []
    const ids = grantedIndexes.flatMap((index) => {
      const address = addresses[index]
      return namespace && address ? [namespace.accountId(chainId, address)] : []
    })
    sessionScopes[chainId] = {
      methods: [...methods],
      notifications: [...notifications],
      accounts: [...new Set<AccountId>(ids)],
    }
  }
  return sessionScopes
}
