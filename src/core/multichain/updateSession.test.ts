import { describe, expect, it } from 'vitest'
import { alice, bob, createHarness, dapp } from './testing/engineHarness.ts'

const request = {
  requiredScopes: {
    'eip155:1': { methods: ['eth_call'], notifications: [] },
  },
  optionalScopes: {
    'eip155:31337': {
      methods: ['eth_subscribe', 'eth_blockNumber'],
      notifications: ['eth_subscription'],
    },
  },
}

async function withSession() {
  const harness = createHarness()
  harness.ports.setApprovalPolicy((approval) => ({
    approved: true,
    chains: approval.chains.map((chain) => chain.chainId),
    accounts: [alice, bob],
  }))
  await harness.call('wallet_createSession', request)
  return harness
}

describe('updateSession (popup edits)', () => {
  it('removes an account and a chain, notifying the origin and ending that chain’s subscriptions', async () => {
    const { engine, ports, sessionChanges } = await withSession()
    await engine.updateSession(dapp, { chains: ['eip155:1'], accounts: [bob] })
    const expected = {
      'eip155:1': {
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:1:${bob}`],
      },
    }
    expect(ports.store.get(dapp)?.sessionScopes).toEqual(expected)
    expect(sessionChanges().at(-1)).toEqual(expected)
    expect(ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp, chainId: 'eip155:31337' },
    })
  })

  it('never grants methods or notifications the site did not request', async () => {
    const { engine, ports } = await withSession()
    await engine.updateSession(dapp, { chains: ['eip155:1', 'eip155:31337'], accounts: [alice] })
    expect(ports.store.get(dapp)?.sessionScopes).toEqual({
      'eip155:1': {
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:1:${alice}`],
      },
      'eip155:31337': {
        methods: ['eth_subscribe', 'eth_blockNumber'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:31337:${alice}`],
      },
    })
  })

  it('gives a chain the user adds what the site asked for on the other chains of its namespace', async () => {
    const { engine, ports } = await withSession()
    await engine.updateSession(dapp, { chains: ['eip155:1', 'eip155:10'], accounts: [alice] })
    expect(ports.store.get(dapp)?.sessionScopes['eip155:10']).toEqual({
      methods: ['eth_call', 'eth_subscribe', 'eth_blockNumber'],
      notifications: ['eth_subscription'],
      accounts: [`eip155:10:${alice}`],
    })
  })

  it('ignores chains the wallet does not support and accounts it does not hold', async () => {
    const { engine, ports } = await withSession()
    await engine.updateSession(dapp, {
      chains: ['eip155:1', 'eip155:137'],
      accounts: [alice, '0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
    })
    expect(Object.keys(ports.store.get(dapp)?.sessionScopes ?? {})).toEqual(['eip155:1'])
    expect(ports.store.get(dapp)?.sessionScopes['eip155:1']?.accounts).toEqual([
      `eip155:1:${alice}`,
    ])
  })

  it('revokes the session when no chain is left', async () => {
    const { engine, ports, sessionChanges } = await withSession()
    await engine.updateSession(dapp, { chains: [], accounts: [alice] })
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges().at(-1)).toEqual({})
    expect(ports.nodeCalls).toContainEqual({ kind: 'unsubscribeAll', match: { origin: dapp } })
  })

  it('revokes the session when no account is left', async () => {
    const { engine, ports, sessionChanges } = await withSession()
    await engine.updateSession(dapp, { chains: ['eip155:1'], accounts: [] })
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges().at(-1)).toEqual({})
  })

  it('sends nothing when the edit changes nothing', async () => {
    const { engine, sessionChanges } = await withSession()
    await engine.updateSession(dapp, {
      chains: ['eip155:31337', 'eip155:1'],
      accounts: [bob.toLowerCase() as `0x${string}`, alice],
    })
    expect(sessionChanges()).toHaveLength(1)
  })

  it('does nothing for an origin without a session', async () => {
    const { engine, ports } = createHarness()
    await engine.updateSession(dapp, { chains: ['eip155:1'], accounts: [alice] })
    expect(ports.store.size).toBe(0)
    expect(ports.sent).toEqual([])
  })

  it('keeps the session’s properties and creation time', async () => {
    const { engine, ports } = await withSession()
    const before = ports.store.get(dapp)
    await engine.updateSession(dapp, { chains: ['eip155:1'], accounts: [alice] })
    expect(ports.store.get(dapp)).toMatchObject({
      sessionProperties: before?.sessionProperties,
      createdAt: before?.createdAt,
      requestedScopes: before?.requestedScopes,
    })
  })
})
