import { describe, expect, it } from 'vitest'
import { grantedAccountKeys, namespaceAccounts } from './namespaceAccounts.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bobOnSolana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaChain = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const capabilities = {
  accounts: [alice, bob] as `0x${string}`[],
  addresses: { solana: ['4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', bobOnSolana] },
}

describe('grantedAccountKeys', () => {
  it('names each granted account by the wallet key, whatever the case of its CAIP-10 address', () => {
    const keys = grantedAccountKeys(
      {
        'eip155:1': {
          methods: [],
          notifications: [],
          accounts: [`eip155:1:${bob.toLowerCase()}`],
        },
      },
      capabilities,
    )
    expect(keys).toEqual([bob])
  })

  it('matches a Solana account in its own namespace, exactly, and ignores malformed ids', () => {
    const keys = grantedAccountKeys(
      {
        [solanaChain]: {
          methods: [],
          notifications: [],
          accounts: [
            `${solanaChain}:${bobOnSolana.toLowerCase()}`,
            'not-a-caip-10' as `${string}:${string}:${string}`,
            `${solanaChain}:${bobOnSolana}`,
          ],
        },
      },
      capabilities,
    )
    expect(keys).toEqual([bob])
  })
})

describe('namespaceAccounts', () => {
  it('lists every account in each namespace of the chains, once per namespace', () => {
    expect(namespaceAccounts(['eip155:1', 'eip155:10', solanaChain], capabilities)).toEqual([
      expect.objectContaining({ namespace: 'eip155', addresses: [alice, bob] }),
      expect.objectContaining({ namespace: 'solana', addresses: capabilities.addresses.solana }),
    ])
  })
})
