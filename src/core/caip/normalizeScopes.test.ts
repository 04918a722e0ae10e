import { describe, expect, it } from 'vitest'
import { normalizeScopes } from './normalizeScopes.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('normalizeScopes', () => {
  it('expands a namespace key with references into one chain key per reference', () => {
    expect(
      normalizeScopes({
        eip155: { references: ['1', '10'], methods: ['eth_call'], notifications: [] },
      }),
    ).toEqual({
      'eip155:1': { methods: ['eth_call'], notifications: [], accounts: [] },
      'eip155:10': { methods: ['eth_call'], notifications: [], accounts: [] },
    })
  })

  it('sends each account of a namespace scope to its own chain', () => {
    expect(
      normalizeScopes({
        eip155: {
          references: ['1', '10'],
          methods: [],
          notifications: [],
          accounts: [`eip155:1:${alice}`, `eip155:10:${bob}`],
        },
      }),
    ).toEqual({
      'eip155:1': { methods: [], notifications: [], accounts: [`eip155:1:${alice}`] },
      'eip155:10': { methods: [], notifications: [], accounts: [`eip155:10:${bob}`] },
    })
  })

  it('merges a chain named twice: union of methods, notifications and accounts', () => {
    expect(
      normalizeScopes({
        'eip155:1': {
          methods: ['eth_call', 'eth_getBalance'],
          notifications: [],
          accounts: [`eip155:1:${alice}`],
        },
        eip155: {
          references: ['1'],
          methods: ['eth_getBalance', 'eth_subscribe'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:1:${bob}`, `eip155:1:${alice}`],
        },
      }),
    ).toEqual({
      'eip155:1': {
        methods: ['eth_call', 'eth_getBalance', 'eth_subscribe'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:1:${alice}`, `eip155:1:${bob}`],
      },
    })
  })

  it('keeps a namespace key without references as it is', () => {
    expect(normalizeScopes({ eip155: { methods: ['eth_call'], notifications: [] } })).toEqual({
      eip155: { methods: ['eth_call'], notifications: [], accounts: [] },
    })
  })
})
