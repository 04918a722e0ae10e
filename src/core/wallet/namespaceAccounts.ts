import type { Address } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import type { ChainId } from '../caip/types.ts'
import { findNamespace, type NamespaceKnowledge } from '../multichain/namespace.ts'
import type { SessionScopes, WalletCapabilities } from '../multichain/ports.ts'
import { walletNamespaces } from './namespaces.ts'

/** The wallet's accounts as one namespace names them: what the approval and Connections show. */
export type NamespaceAccounts = { namespace: string; title: string; addresses: string[] }

/**
 * For each namespace of `chains` (in first-seen order), every wallet account's address there, in
 * wallet order (`Namespace.addresses`): the approval window and the Connections screen show each
 * account with its address in the namespaces a session covers.
 *
 * @example
 * namespaceAccounts(['solana:123456789abcdef'], capabilities)
 * // [{ namespace: 'solana', title: 'Solana', addresses: ['oeYf6KAJ…'] }]
 */
export function namespaceAccounts(
  chains: readonly ChainId[],
  capabilities: Pick<WalletCapabilities, 'accounts' | 'addresses'>,
  namespaces: readonly NamespaceKnowledge[] = walletNamespaces,
): NamespaceAccounts[] {
  const wallet = { keys: capabilities.accounts, addresses: capabilities.addresses ?? {} }
  const seen = new Map<string, NamespaceAccounts>()
  for (const chainId of chains) {
    const namespace = findNamespace(namespaces, chainId)
    if (!namespace || seen.has(namespace.name)) continue
    seen.set(namespace.name, {
      namespace: namespace.name,
      title: namespace.title,
      addresses: [...namespace.addresses(wallet)],
    })
  }
  return [...seen.values()]
}

/**
 * The wallet accounts (by key, `WalletCapabilities.accounts`) a session grants in any of its scopes,
 * each scope's accounts matched in its own namespace (`Namespace.sameAddress`), in wallet order.
 */
export function grantedAccountKeys(
  sessionScopes: SessionScopes,
  capabilities: Pick<WalletCapabilities, 'accounts' | 'addresses'>,
  namespaces: readonly NamespaceKnowledge[] = walletNamespaces,
): Address[] {
  const wallet = { keys: capabilities.accounts, addresses: capabilities.addresses ?? {} }
  const granted = new Set<number>()
  for (const [chainId, scope] of Object.entries(sessionScopes)) {
    const namespace = findNamespace(namespaces, chainId)
    if (!namespace) continue
    const addresses = namespace.addresses(wallet)
    for (const account of scope.accounts) {
      const parsed = parseAccountId(account)
      if (!parsed) continue
      addresses.forEach((candidate, index) => {
        if (namespace.sameAddress(candidate, parsed.address)) granted.add(index)
      })
    }
  }
  return capabilities.accounts.filter((_, index) => granted.has(index))
}
