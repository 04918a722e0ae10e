import { describe, expect, it } from 'vitest'
import { maxProblems } from '../rpc/errors.ts'
import { createHarness, dapp, mainnetRequest, otherDapp } from './testing/engineHarness.ts'
import { createSolanaWalletHarness, localSolana } from './testing/solanaWalletHarness.ts'

/** A session of the dapp on the Local devnet and mainnet (with subscriptions) and the Local Solana devnet. */
async function evmAndSolanaSession() {
  const harness = createSolanaWalletHarness()
  await harness.call('wallet_createSession', {
    optionalScopes: {
      'eip155:31337': { methods: ['eth_chainId'], notifications: [] },
      'eip155:1': { methods: ['eth_subscribe'], notifications: ['eth_subscription'] },
      [localSolana]: { methods: ['signMessage'], notifications: [] },
    },
  })
  harness.ports.sent.length = 0
  harness.ports.nodeCalls.length = 0
  return harness
}

const scopesOf = (harness: { ports: { store: Map<string, { sessionScopes: object }> } }) =>
  Object.keys(harness.ports.store.get(dapp)?.sessionScopes ?? {})

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

describe('wallet_revokeSession with scopes', () => {
  it('removes only the listed scopes; the session goes on with the rest, which the origin hears', async () => {
    const harness = await evmAndSolanaSession()
    expect((await harness.call('wallet_revokeSession', { scopes: [localSolana] })).result).toBe(
      true,
    )
    expect(scopesOf(harness)).toEqual(['eip155:31337', 'eip155:1'])
    expect(harness.sessionChanges()).toEqual([
      {
        'eip155:31337': expect.objectContaining({ methods: ['eth_chainId'] }),
        'eip155:1': expect.objectContaining({ notifications: ['eth_subscription'] }),
      },
    ])
    expect(harness.ports.nodeCalls).toEqual([])
  })

  it('ends the subscriptions of a removed chain only', async () => {
    const harness = await evmAndSolanaSession()
    await harness.call('wallet_revokeSession', { scopes: ['eip155:1'] })
    expect(scopesOf(harness)).toEqual(['eip155:31337', localSolana])
    expect(harness.ports.nodeCalls).toEqual([
      { kind: 'unsubscribeAll', match: { origin: dapp, chainId: 'eip155:1' } },
    ])
  })

  it('ends the session when the listed scopes were all it had', async () => {
    const harness = await evmAndSolanaSession()
    await harness.call('wallet_revokeSession', {
      scopes: ['eip155:31337', 'eip155:1', localSolana],
    })
    expect(harness.ports.store.has(dapp)).toBe(false)
    expect(harness.sessionChanges()).toEqual([{}])
    expect(harness.ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp },
    })
  })

  it('changes nothing and tells no one for scopes the session lacks, or with no session', async () => {
    const harness = await evmAndSolanaSession()
    expect((await harness.call('wallet_revokeSession', { scopes: ['eip155:10'] })).result).toBe(
      true,
    )
    expect(
      (await harness.call('wallet_revokeSession', { scopes: ['eip155:1'] }, otherDapp)).result,
    ).toBe(true)
    expect(scopesOf(harness)).toEqual(['eip155:31337', 'eip155:1', localSolana])
    expect(harness.ports.sent).toEqual([])
  })

  it('ends the whole session for an empty list, as the reference wallet reads it', async () => {
    const harness = await evmAndSolanaSession()
    await harness.call('wallet_revokeSession', { scopes: [] })
    expect(harness.ports.store.has(dapp)).toBe(false)
  })

  it('answers -32602 naming each malformed entry, and keeps the session', async () => {
    const harness = await evmAndSolanaSession()
    expect(
      (await harness.call('wallet_revokeSession', { scopes: localSolana })).error,
    ).toMatchObject({
      code: -32602,
      data: { problems: [{ path: 'scopes', message: 'must be an array of CAIP-2 chain ids' }] },
    })
    expect(
      (
        await harness.call('wallet_revokeSession', {
          scopes: [localSolana, 42, 'eip155', 'eip155:0x1'],
        })
      ).error,
    ).toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'scopes[1]', message: 'must be a CAIP-2 chain id' },
          { path: 'scopes[2]', message: 'must be a CAIP-2 chain id' },
          { path: 'scopes[3]', message: 'must be a CAIP-2 chain id' },
        ],
      },
    })
    expect((await harness.call('wallet_revokeSession', ['eip155:1'])).error).toMatchObject({
      code: -32602,
      data: { problems: [{ path: 'params', message: 'must be an object' }] },
    })
    expect(scopesOf(harness)).toEqual(['eip155:31337', 'eip155:1', localSolana])
    expect(harness.ports.sent).toEqual([])
  })

  it('lists a few problems however many entries are malformed', async () => {
    const harness = await evmAndSolanaSession()
    const answer = await harness.call('wallet_revokeSession', { scopes: Array(100_000).fill(7) })
    expect(answer.error?.code).toBe(-32602)
    expect((answer.error?.data as { problems?: unknown[] } | undefined)?.problems).toHaveLength(
      maxProblems,
    )
  })
})
