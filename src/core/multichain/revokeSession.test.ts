import { describe, expect, it } from 'vitest'
import { createHarness, dapp, mainnetRequest, otherDapp } from './testing/engineHarness.ts'

describe('wallet_revokeSession', () => {
  it('answers true, deletes the session and tells the origin its scopes are now {}', async () => {
    const { call, ports, sessionChanges } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    expect(await call('wallet_revokeSession', {})).toEqual({ jsonrpc: '2.0', id: 2, result: true })
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges().at(-1)).toEqual({})
    expect((await call('wallet_getSession', {})).result).toEqual({
      sessionScopes: {},
      sessionProperties: {},
    })
  })

  it('ends every subscription of the origin', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    await call('wallet_revokeSession', {})
    expect(ports.nodeCalls).toContainEqual({ kind: 'unsubscribeAll', match: { origin: dapp } })
  })

  it('answers true with no session, and sends no wallet_sessionChanged', async () => {
    const { call, ports } = createHarness()
    expect((await call('wallet_revokeSession', {})).result).toBe(true)
    expect((await call('wallet_revokeSession')).result).toBe(true)
    expect(ports.sent).toEqual([])
  })

  it('ignores a sessionId and leaves other origins’ sessions alone', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest, otherDapp)
    await call('wallet_createSession', mainnetRequest)
    await call('wallet_revokeSession', { sessionId: 'other' })
    expect(ports.store.has(otherDapp)).toBe(true)
  })

  it('revokes from the wallet side too (popup), notifying the origin', async () => {
    const { call, engine, ports, sessionChanges } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    await engine.revokeSession(dapp)
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges()).toHaveLength(2)
    expect(sessionChanges().at(-1)).toEqual({})
    expect(ports.nodeCalls).toContainEqual({ kind: 'unsubscribeAll', match: { origin: dapp } })
  })
})
