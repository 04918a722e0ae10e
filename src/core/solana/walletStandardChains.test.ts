import { describe, expect, it } from 'vitest'
import {
  solanaScopeOfStandardChain,
  solanaStandardChainNames,
  standardChainOfSolanaScope,
} from './walletStandardChains.ts'

describe('Wallet Standard chains ↔ Solana session scopes', () => {
  it('maps each standard cluster name to its CAIP-2 chain id (DESIGN §3, §8)', () => {
    expect(solanaScopeOfStandardChain('solana:mainnet')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    expect(solanaScopeOfStandardChain('solana:devnet')).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    )
    expect(solanaScopeOfStandardChain('solana:testnet')).toBe(
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    )
    expect(solanaScopeOfStandardChain('solana:localnet')).toBe('solana:123456789abcdef')
  })

  it('maps every CAIP-2 id back to its cluster name', () => {
    for (const name of solanaStandardChainNames) {
      expect(standardChainOfSolanaScope(solanaScopeOfStandardChain(name))).toBe(name)
    }
  })

  it('passes any other id through unchanged, both ways', () => {
    expect(solanaScopeOfStandardChain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa2')).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa2',
    )
    expect(standardChainOfSolanaScope('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa2')).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa2',
    )
    expect(solanaScopeOfStandardChain('toString')).toBe('toString')
  })
})
