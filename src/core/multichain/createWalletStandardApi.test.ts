import { describe, expect, it } from 'vitest'
import { createWalletStandardApi } from './createWalletStandardApi.ts'
import { alice, createHarness, dapp } from './testing/engineHarness.ts'

const connect = (params?: unknown) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'standard:connect',
  ...(params === undefined ? {} : { params }),
})

describe('createWalletStandardApi', () => {
  it('standard:connect adds the namespace’s scopes through the approval window and answers the session', async () => {
    const { engine, ports } = createHarness()
    const api = createWalletStandardApi(engine, 'eip155')
    const response = await api.handleRequest(dapp, 'tab-1#solana', connect())
    expect(ports.approvals).toHaveLength(1)
    expect(response).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { sessionScopes: { 'eip155:1': { accounts: [`eip155:1:${alice}`] } } },
    })
  })

  it('standard:connect { silent: true } answers the session without a window', async () => {
    const { engine, ports } = createHarness()
    const api = createWalletStandardApi(engine, 'eip155')
    await expect(
      api.handleRequest(dapp, 'tab-1#solana', connect({ silent: true })),
    ).resolves.toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { sessionScopes: {}, sessionProperties: {} },
    })
    expect(ports.approvals).toEqual([])
  })

  it('standard:disconnect removes the namespace’s scopes and answers the session after', async () => {
    const { engine } = createHarness()
    const api = createWalletStandardApi(engine, 'eip155')
    await api.handleRequest(dapp, 'tab-1#solana', connect())
    await expect(
      api.handleRequest(dapp, 'tab-1#solana', {
        jsonrpc: '2.0',
        id: 8,
        method: 'standard:disconnect',
      }),
    ).resolves.toEqual({
      jsonrpc: '2.0',
      id: 8,
      result: { sessionScopes: {}, sessionProperties: {} },
    })
  })

  it('answers a rejection as 4001, under the request’s id', async () => {
    const { engine, ports } = createHarness()
    ports.setApprovalPolicy(() => ({ approved: false }))
    const api = createWalletStandardApi(engine, 'eip155')
    await expect(api.handleRequest(dapp, 'tab-1#solana', connect())).resolves.toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: 4001, message: 'User rejected the request.' },
    })
  })

  it('answers bad params with -32602, other methods with -32601 and a bad envelope with -32600', async () => {
    const { engine, ports } = createHarness()
    const api = createWalletStandardApi(engine, 'eip155')
    await expect(
      api.handleRequest(dapp, 'tab-1#solana', connect({ silent: 'yes' })),
    ).resolves.toMatchObject({
      id: 7,
      error: { code: -32602 },
    })
    await expect(api.handleRequest(dapp, 'tab-1#solana', connect([true]))).resolves.toMatchObject({
      error: { code: -32602 },
    })
    await expect(
      api.handleRequest(dapp, 'tab-1#solana', {
        jsonrpc: '2.0',
        id: 9,
        method: 'wallet_createSession',
      }),
    ).resolves.toMatchObject({ id: 9, error: { code: -32601 } })
    await expect(
      api.handleRequest(dapp, 'tab-1#solana', 'standard:connect'),
    ).resolves.toMatchObject({
      id: null,
      error: { code: -32600 },
    })
    expect(ports.approvals).toEqual([])
  })

  it('a connect that may open a window, and a disconnect, are answered once across a worker restart', () => {
    const api = createWalletStandardApi(createHarness().engine, 'solana')
    expect(api.resendRules(connect())).toEqual({
      replayed: true,
      approval: true,
      confirmation: false,
    })
    expect(api.resendRules(connect({ silent: true }))).toEqual({
      replayed: false,
      approval: false,
      confirmation: false,
    })
    expect(api.resendRules({ jsonrpc: '2.0', id: 8, method: 'standard:disconnect' })).toMatchObject(
      { replayed: true, approval: false },
    )
  })
})
