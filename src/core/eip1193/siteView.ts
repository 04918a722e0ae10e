import type { Address } from 'viem'
import { parseAccountId } from '../caip/parseAccountId.ts'
import { parseChainId } from '../caip/parseChainId.ts'
import type { ChainId } from '../caip/types.ts'
import type { SessionScopes } from '../multichain/ports.ts'
import type { RpcNotification } from '../rpc/types.ts'
import type { SiteState } from './ports.ts'

/** What a site's EIP-1193 provider sees: its accounts (active first, lowercase) and its chain. */
export type SiteView = { accounts: Address[]; chainId: ChainId }

const isEvmChain = (chainId: string): chainId is ChainId =>
  parseChainId(chainId)?.namespace === 'eip155'

/** The EVM chains (`eip155:<n>`) among `chainIds`, in their order. */
export const evmChains = (chainIds: Iterable<string>): ChainId[] => [...chainIds].filter(isEvmChain)

/**
 * The session's EVM accounts as `eth_accounts` gives them (DESIGN §7): lowercase, each once, in the
 * session's order, with the site's active account first when the session holds it.
 */
export function siteAccounts(scopes: SessionScopes, activeAccount?: Address): Address[] {
  const accounts: Address[] = []
  for (const chainId of evmChains(Object.keys(scopes))) {
    for (const accountId of scopes[chainId]?.accounts ?? []) {
      const address = parseAccountId(accountId)?.address.toLowerCase() as Address | undefined
      if (address !== undefined && !accounts.includes(address)) accounts.push(address)
    }
  }
  const active = activeAccount?.toLowerCase() as Address | undefined
  if (active === undefined || !accounts.includes(active)) return accounts
  return [active, ...accounts.filter((address) => address !== active)]
}

/**
 * The site's current chain (DESIGN §7): the chain it chose while the session holds it (else the
 * session's first EVM chain); with no EVM scope in the session, the chosen chain while the wallet
 * has it, else the wallet's default.
 */
export function currentChain(parameters: {
  sessionChains: readonly ChainId[]
  walletChains: readonly ChainId[]
  chosen: ChainId | undefined
  fallback: ChainId
}): ChainId {
  const { sessionChains, walletChains, chosen, fallback } = parameters
  const [first] = sessionChains
  if (first !== undefined)
    return chosen !== undefined && sessionChains.includes(chosen) ? chosen : first
  return chosen !== undefined && walletChains.includes(chosen) ? chosen : fallback
}

/** The view of a site from its session scopes (`{}` without one) and its state. */
export function siteView(parameters: {
  scopes: SessionScopes
  site: SiteState | undefined
  walletChains: readonly ChainId[]
  fallback: ChainId
}): SiteView {
  const { scopes, site, walletChains, fallback } = parameters
  return {
    accounts: siteAccounts(scopes, site?.activeAccount),
    chainId: currentChain({
      sessionChains: evmChains(Object.keys(scopes)),
      walletChains,
      chosen: site?.chainId,
      fallback,
    }),
  }
}

/** `eip155:<n>` as EIP-1193 hex (`0x7a69`). */
export const hexChainId = (chainId: ChainId): `0x${string}` =>
  `0x${BigInt(chainId.slice(chainId.indexOf(':') + 1)).toString(16)}`

/** `eip155:<n>` as `net_version` gives it: the decimal reference. */
export const decimalChainId = (chainId: ChainId): string =>
  BigInt(chainId.slice(chainId.indexOf(':') + 1)).toString()

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index])

/**
 * The provider events a change of a site's view gives (DESIGN §7): `chainChanged { chainId }` when
 * its chain moved, `accountsChanged [addresses]` when its account list or order changed; nothing
 * otherwise. The inpage provider emits them as EIP-1193 events (`chainChanged` with the hex id).
 */
export function viewChanges(before: SiteView, after: SiteView): RpcNotification[] {
  const events: RpcNotification[] = []
  if (before.chainId !== after.chainId) {
    events.push({
      jsonrpc: '2.0',
      method: 'chainChanged',
      params: { chainId: hexChainId(after.chainId) },
    })
  }
  if (!sameList(before.accounts, after.accounts)) {
    events.push({ jsonrpc: '2.0', method: 'accountsChanged', params: after.accounts })
  }
  return events
}
