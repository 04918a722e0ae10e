import { describe, expect, it } from 'vitest'
import { solanaScopeMethods } from '../solana/solanaNamespace.ts'
import { createWalletStandardApi } from './createWalletStandardApi.ts'
import { alice, bob, dapp } from './testing/engineHarness.ts'
import {
  createSolanaWalletHarness,
  localSolana,
  solanaAddresses,
} from './testing/solanaWalletHarness.ts'

const request = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  ...(params === undefined ? {} : { params }),
})

describe('the Solana Wallet Standard wallet on the engine (standard:connect / standard:disconnect)', () => {
  it('connect adds the Solana scope, with the base58 address of each approved account, to an EVM session', async () => {
    const { engine, ports, call, sessionChanges } = createSolanaWalletHarness()
    ports.setApprovalPolicy((approval) => ({
      approved: true,
      chains: approval.chains.map((chain) => chain.chainId),
      accounts: approval.preselectedAccounts,
    }))
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:31337': { methods: ['eth_chainId'], notifications: [] } },
    })
    ports.setApprovalPolicy((approval) => ({
      approved: true,
      chains: approval.chains.map((chain) => chain.chainId),
      accounts: [alice, bob],
    }))
    const api = createWalletStandardApi(engine, 'solana')
    const response = await api.handleRequest(dapp, 'tab-1#solana', request('standard:connect'))
    expect(ports.approvals.at(-1)?.chains.map((chain) => chain.chainId)).toEqual([localSolana])
    const solanaScope = {
      methods: [...solanaScopeMethods],
      notifications: [],
      accounts: solanaAddresses.map((address) => `${localSolana}:${address}`),
    }
    expect(response).toMatchObject({
      result: {
        sessionScopes: {
          'eip155:31337': { accounts: [`eip155:31337:${alice}`] },
          [localSolana]: solanaScope,
        },
      },
    })
    expect(sessionChanges().at(-1)).toHaveProperty([localSolana], solanaScope)
  })

  it('disconnect removes the Solana scope and keeps the EVM one', async () => {
    const { engine, ports, call } = createSolanaWalletHarness()
    await call('wallet_createSession', {
      optionalScopes: {
        'eip155:31337': { methods: ['eth_chainId'], notifications: [] },
        [localSolana]: { methods: ['signMessage'], notifications: [] },
      },
    })
    expect(Object.keys(ports.store.get(dapp)?.sessionScopes ?? {})).toEqual([
      'eip155:31337',
      localSolana,
    ])
    const api = createWalletStandardApi(engine, 'solana')
    await api.handleRequest(dapp, 'tab-1#solana', request('standard:disconnect'))
    expect(Object.keys(ports.store.get(dapp)?.sessionScopes ?? {})).toEqual(['eip155:31337'])
  })
})
