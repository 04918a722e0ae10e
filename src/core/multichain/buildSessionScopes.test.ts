import { describe, expect, it } from 'vitest'
import { walletNamespaces } from '../wallet/namespaces.ts'
import { buildSessionScopes } from './buildSessionScopes.ts'

describe('buildSessionScopes', () => {
  it('lists each account on each chain as eip155:<ref>:<EIP-55 address>', () => {
    expect(
      buildSessionScopes({
        chains: [
          { chainId: 'eip155:1', methods: ['eth_call'], notifications: [] },
          { chainId: 'eip155:10', methods: [], notifications: ['eth_subscription'] },
        ],
        accounts: [
          '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
          '0x70997970C51812DC3A010C7D01B50E0D17DC79C8',
        ],
        namespaces: walletNamespaces,
      }),
    ).toEqual({
      'eip155:1': {
        methods: ['eth_call'],
        notifications: [],
        accounts: [
          'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        ],
      },
      'eip155:10': {
        methods: [],
        notifications: ['eth_subscription'],
        accounts: [
          'eip155:10:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          'eip155:10:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        ],
      },
    })
  })

  it('grants an account each scope it has an address in: an imported Solana key never in eip155, an imported EVM key never in solana', () => {
    const derived = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
    const importedEvm = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' as const
    const importedSolana = `0x${'8a'.repeat(32)}` as const
    const wallet = {
      keys: [derived, importedEvm, importedSolana],
      addresses: {
        solana: [
          'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
          '',
          'AKonkZGQc9zGFVX3CE1o9oWGgv2mwmkA7JyZ3TBg6yWZ',
        ],
      },
    }
    expect(
      buildSessionScopes({
        chains: [
          { chainId: 'eip155:1', methods: [], notifications: [] },
          { chainId: 'solana:123456789abcdef', methods: [], notifications: [] },
        ],
        accounts: [importedEvm, importedSolana],
        wallet,
        namespaces: walletNamespaces,
      }),
    ).toEqual({
      'eip155:1': { methods: [], notifications: [], accounts: [`eip155:1:${importedEvm}`] },
      'solana:123456789abcdef': {
        methods: [],
        notifications: [],
        accounts: ['solana:123456789abcdef:AKonkZGQc9zGFVX3CE1o9oWGgv2mwmkA7JyZ3TBg6yWZ'],
      },
    })
  })
})
