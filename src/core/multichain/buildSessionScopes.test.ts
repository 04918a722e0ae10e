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
})
