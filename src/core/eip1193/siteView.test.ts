import { describe, expect, it } from 'vitest'
import type { SessionScopes } from '../multichain/ports.ts'
import { currentChain, hexChainId, type SiteView, siteAccounts, viewChanges } from './siteView.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('siteAccounts', () => {
  const scopes: SessionScopes = {
    'eip155:1': {
      methods: [],
      notifications: [],
      accounts: [`eip155:1:${alice}`, `eip155:1:${bob}`],
    },
    'eip155:10': { methods: [], notifications: [], accounts: [`eip155:10:${bob}`] },
    'wallet:eip155': { methods: [], notifications: [], accounts: [`wallet:eip155:${alice}`] },
  }

  it('lists the EVM accounts once each, lowercase, in session order', () => {
    expect(siteAccounts(scopes)).toEqual([alice.toLowerCase(), bob.toLowerCase()])
  })

  it('puts the active account first, and ignores one the session does not hold', () => {
    expect(siteAccounts(scopes, bob)).toEqual([bob.toLowerCase(), alice.toLowerCase()])
    expect(siteAccounts(scopes, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toEqual([
      alice.toLowerCase(),
      bob.toLowerCase(),
    ])
  })
})

describe('currentChain', () => {
  const walletChains = ['eip155:31337', 'eip155:1', 'eip155:10'] as const
  it('keeps the chosen chain while the session holds it, else the session first chain', () => {
    const sessionChains = ['eip155:10', 'eip155:1'] as const
    expect(
      currentChain({ sessionChains, walletChains, chosen: 'eip155:1', fallback: 'eip155:31337' }),
    ).toBe('eip155:1')
    expect(
      currentChain({
        sessionChains,
        walletChains,
        chosen: 'eip155:31337',
        fallback: 'eip155:31337',
      }),
    ).toBe('eip155:10')
  })

  it('without a session: the chosen chain while the wallet has it, else the default', () => {
    expect(
      currentChain({
        sessionChains: [],
        walletChains,
        chosen: 'eip155:1',
        fallback: 'eip155:31337',
      }),
    ).toBe('eip155:1')
    expect(
      currentChain({
        sessionChains: [],
        walletChains,
        chosen: 'eip155:5',
        fallback: 'eip155:31337',
      }),
    ).toBe('eip155:31337')
  })
})

describe('viewChanges', () => {
  it('gives chainChanged and accountsChanged for what moved, nothing otherwise', () => {
    const before: SiteView = { accounts: [alice], chainId: 'eip155:1' }
    expect(viewChanges(before, before)).toEqual([])
    expect(viewChanges(before, { accounts: [], chainId: 'eip155:10' })).toEqual([
      { jsonrpc: '2.0', method: 'chainChanged', params: { chainId: '0xa' } },
      { jsonrpc: '2.0', method: 'accountsChanged', params: [] },
    ])
    expect(hexChainId('eip155:31337')).toBe('0x7a69')
  })
})
