import { describe, expect, it } from 'vitest'
import { alice, createHarness, mainnetRequest, otherDapp } from './testing/engineHarness.ts'

describe('wallet_getSession', () => {
  it('answers empty scopes and properties when the origin has no session', async () => {
    const { call } = createHarness()
    expect(await call('wallet_getSession', {})).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { sessionScopes: {}, sessionProperties: {} },
    })
  })

  it('answers the origin’s stored session', async () => {
    const { call } = createHarness({ now: Date.parse('2026-01-01T00:00:00Z') })
    await call('wallet_createSession', {
      ...mainnetRequest,
      sessionProperties: { expiry: '2026-02-01T00:00:00Z' },
    })
    expect((await call('wallet_getSession', {})).result).toEqual({
      sessionScopes: {
        'eip155:1': {
          methods: ['eth_call', 'eth_getBalance'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:1:${alice}`],
        },
      },
      sessionProperties: { expiry: '2026-02-01T00:00:00Z' },
    })
  })

  it('belongs to the origin: another origin sees no session', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    expect((await call('wallet_getSession', {}, otherDapp)).result).toEqual({
      sessionScopes: {},
      sessionProperties: {},
    })
  })

  it('is shared by every connection of the origin', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', mainnetRequest, undefined, 'tab-1')
    const fromOtherTab = await call('wallet_getSession', {}, undefined, 'tab-2')
    expect(fromOtherTab.result).toMatchObject({ sessionScopes: { 'eip155:1': {} } })
  })

  it('ignores a sessionId in params', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const response = await call('wallet_getSession', { sessionId: 'not-a-session' })
    expect(response.result).toMatchObject({ sessionScopes: { 'eip155:1': {} } })
    expect(response.result).not.toHaveProperty('sessionId')
  })
})
