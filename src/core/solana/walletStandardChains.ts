import type { ChainId } from '../caip/types.ts'

/**
 * The Wallet Standard's Solana chain names (`@solana/wallet-standard-chains`) and the CAIP-2 chain
 * each one is in a session (DESIGN §3, §8): the reference of a public cluster is the first 32
 * characters of its genesis hash; the local one is the wallet's own fixed id.
 */
export const solanaStandardChains = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'solana:localnet': 'solana:123456789abcdef',
} as const satisfies Record<string, ChainId>

export type SolanaStandardChain = keyof typeof solanaStandardChains

/** The Wallet Standard chains the wallet announces, in a fixed order. */
export const solanaStandardChainNames = Object.keys(solanaStandardChains) as SolanaStandardChain[]

const isStandardChain = (chain: string): chain is SolanaStandardChain =>
  Object.hasOwn(solanaStandardChains, chain)

/**
 * The session scope a Wallet Standard chain stands for: `solana:devnet` → its CAIP-2 id. Any other
 * name is taken as a CAIP-2 id already (the wallet then answers for that scope: `4100` unless granted).
 *
 * @example solanaScopeOfStandardChain('solana:localnet') // 'solana:123456789abcdef'
 */
export function solanaScopeOfStandardChain(chain: string): string {
  return isStandardChain(chain) ? solanaStandardChains[chain] : chain
}

/**
 * The Wallet Standard name of a Solana session scope: its cluster name when it is one of the four,
 * else the CAIP-2 id itself (a valid Wallet Standard identifier too).
 *
 * @example standardChainOfSolanaScope('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // 'solana:mainnet'
 */
export function standardChainOfSolanaScope(scope: string): `${string}:${string}` {
  for (const name of solanaStandardChainNames) {
    if (solanaStandardChains[name] === scope) return name
  }
  return scope as `${string}:${string}`
}
