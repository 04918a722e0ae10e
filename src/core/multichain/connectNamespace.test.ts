import { describe, expect, it } from 'vitest'
import type { AccountId, NormalizedScope } from '../caip/types.ts'
import type { ApprovalRequest, StoredSession } from './ports.ts'
import { alice, bob, createHarness, dapp, otherDapp } from './testing/engineHarness.ts'
import { eip155Methods } from './testing/memoryPorts.ts'

const localSolana = 'solana:123456789abcdef'
const solanaAddress = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'

/** A session another API made: the Solana scope only, with one account of the wallet's. */
const solanaSession = (): StoredSession => ({
  sessionScopes: {
    [localSolana]: {
      methods: ['signMessage'],
      notifications: [],
      accounts: [`${localSolana}:${solanaAddress}`],
    },
  },
  sessionProperties: { expiry: '2030-01-01T00:00:00.000Z' },
  requestedScopes: { [localSolana]: { methods: ['signMessage'], notifications: [] } },
  createdAt: Date.parse('2025-12-31T00:00:00Z'),
})

const evmScope = (chainId: `${string}:${string}`, ...accounts: string[]): NormalizedScope => ({
  methods: [...eip155Methods],
  notifications: ['eth_subscription'],
  accounts: accounts.map((address): AccountId => `${chainId}:${address}`),
})

describe('connectNamespace', () => {
  it('offers the namespace’s enabled chains (optional, standard methods), never the wallet scope', async () => {
    const { engine, ports } = createHarness()
    await engine.connectNamespace({ origin: dapp, namespace: 'eip155' })
    expect(ports.approvals).toEqual([
      {
        origin: dapp,
        chains: ['eip155:31337', 'eip155:1', 'eip155:10'].map((chainId) => ({
          chainId,
          required: false,
          methods: [...eip155Methods],
          notifications: ['eth_subscription'],
        })),
        preselectedAccounts: [alice],
        sessionProperties: {},
      },
    ])
  })

  it('grants the chains the approval window showed, never those offered to the request that re-attached to it', async () => {
    const { engine, ports } = createHarness()
    const shown: ApprovalRequest = {
      origin: dapp,
      chains: [{ chainId: 'eip155:10', required: false, methods: ['eth_call'], notifications: [] }],
      preselectedAccounts: [alice],
      sessionProperties: {},
    }
    ports.setApprovalPolicy(() => ({
      approved: true,
      chains: ['eip155:31337', 'eip155:10'],
      accounts: [alice],
      shown,
    }))
    const result = await engine.connectNamespace({ origin: dapp, namespace: 'eip155' })
    expect((result as { sessionScopes: unknown }).sessionScopes).toEqual({
      'eip155:10': { methods: ['eth_call'], notifications: [], accounts: [`eip155:10:${alice}`] },
    })
  })

  it('offers firstChain first, the others in the wallet’s order', async () => {
    const { engine, ports } = createHarness()
    await engine.connectNamespace({ origin: dapp, namespace: 'eip155', firstChain: 'eip155:10' })
    expect(ports.approvals[0]?.chains.map((chain) => chain.chainId)).toEqual([
      'eip155:10',
      'eip155:31337',
      'eip155:1',
    ])
  })

  it('adds the approved chains and accounts to the origin’s session, keeping its other scopes and properties', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, solanaSession())
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:31337'], accounts: [bob] }))
    const result = await engine.connectNamespace({ origin: dapp, namespace: 'eip155' })
    const sessionScopes = {
      ...solanaSession().sessionScopes,
      'eip155:31337': evmScope('eip155:31337', bob),
    }
    expect(result).toEqual({
      sessionScopes,
      sessionProperties: { expiry: '2030-01-01T00:00:00.000Z' },
    })
    expect(ports.store.get(dapp)).toEqual({
      ...solanaSession(),
      sessionScopes,
      requestedScopes: {
        ...solanaSession().requestedScopes,
        'eip155:31337': { methods: [...eip155Methods], notifications: ['eth_subscription'] },
      },
    })
    expect(sessionChanges()).toEqual([sessionScopes])
    expect(sessionChanges(otherDapp)).toEqual([])
  })

  it('preselects the wallet accounts the session already grants', async () => {
    const { engine, ports } = createHarness()
    ports.store.set(dapp, {
      ...solanaSession(),
      sessionScopes: {
        ...solanaSession().sessionScopes,
        'wallet:eip155': {
          methods: ['wallet_addEthereumChain'],
          notifications: [],
          accounts: [`wallet:eip155:${bob.toLowerCase()}`],
        },
      },
    })
    await engine.connectNamespace({ origin: dapp, namespace: 'eip155' })
    expect(ports.approvals[0]?.preselectedAccounts).toEqual([bob])
  })

  it('answers the session as it is, without a window, when it already holds accounts of the namespace', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    const session = {
      ...solanaSession(),
      sessionScopes: { 'eip155:1': evmScope('eip155:1', alice) },
    }
    ports.store.set(dapp, session)
    await expect(engine.connectNamespace({ origin: dapp, namespace: 'eip155' })).resolves.toEqual({
      sessionScopes: session.sessionScopes,
      sessionProperties: session.sessionProperties,
    })
    expect(ports.approvals).toEqual([])
    expect(sessionChanges()).toEqual([])
  })

  it('silent: answers the session without a window, also when it lacks the namespace', async () => {
    const { engine, ports } = createHarness()
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155', silent: true }),
    ).resolves.toEqual({ sessionScopes: {}, sessionProperties: {} })
    ports.store.set(dapp, solanaSession())
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155', silent: true }),
    ).resolves.toEqual({
      sessionScopes: solanaSession().sessionScopes,
      sessionProperties: solanaSession().sessionProperties,
    })
    expect(ports.approvals).toEqual([])
  })

  it('a rejection is 4001 and leaves the session as it was', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, solanaSession())
    ports.setApprovalPolicy(() => ({ approved: false }))
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155' }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(ports.store.get(dapp)).toEqual(solanaSession())
    expect(sessionChanges()).toEqual([])
  })

  it('an approval without a chain or an account of the wallet counts as a rejection', async () => {
    const { engine, ports } = createHarness()
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:1'], accounts: [] }))
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155' }),
    ).rejects.toMatchObject({ code: 4001 })
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:5'], accounts: [alice] }))
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155' }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(ports.store.has(dapp)).toBe(false)
  })

  it('a second connect while the origin’s window is open is -32002', async () => {
    const { engine, ports } = createHarness()
    let approve: () => void = () => undefined
    ports.setApprovalPolicy(
      (approval) =>
        new Promise((resolve) => {
          approve = () =>
            resolve({
              approved: true,
              chains: approval.chains.map((chain) => chain.chainId),
              accounts: [alice],
            })
        }),
    )
    const first = engine.connectNamespace({ origin: dapp, namespace: 'eip155' })
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'eip155' }),
    ).rejects.toMatchObject({ code: -32002 })
    approve()
    await expect(first).resolves.toHaveProperty(['sessionScopes', 'eip155:1'])
  })

  it('a namespace the wallet has no chain of is 5100', async () => {
    const { engine, ports } = createHarness()
    await expect(
      engine.connectNamespace({ origin: dapp, namespace: 'cosmos' }),
    ).rejects.toMatchObject({ code: 5100 })
    expect(ports.approvals).toEqual([])
  })
})

describe('disconnectNamespace', () => {
  const mixedSession = (): StoredSession => ({
    ...solanaSession(),
    sessionScopes: {
      ...solanaSession().sessionScopes,
      'eip155:31337': evmScope('eip155:31337', alice),
    },
  })

  it('removes the namespace’s scopes only, telling the origin, and answers the session after', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, mixedSession())
    const result = await engine.disconnectNamespace({ origin: dapp, namespace: 'solana' })
    const kept = { 'eip155:31337': evmScope('eip155:31337', alice) }
    expect(result).toEqual({
      sessionScopes: kept,
      sessionProperties: mixedSession().sessionProperties,
    })
    expect(ports.store.get(dapp)).toEqual({ ...mixedSession(), sessionScopes: kept })
    expect(sessionChanges()).toEqual([kept])
  })

  it('removes the namespace’s wallet scope too, and ends the subscriptions of the chains it removes', async () => {
    const { engine, ports } = createHarness()
    const session = mixedSession()
    session.sessionScopes['wallet:eip155'] = {
      methods: ['wallet_addEthereumChain'],
      notifications: [],
      accounts: [],
    }
    ports.store.set(dapp, session)
    await engine.disconnectNamespace({ origin: dapp, namespace: 'eip155' })
    expect(ports.store.get(dapp)?.sessionScopes).toEqual(solanaSession().sessionScopes)
    expect(ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp, chainId: 'eip155:31337' },
    })
  })

  it('ends the session when nothing else is left in it', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, solanaSession())
    await expect(
      engine.disconnectNamespace({ origin: dapp, namespace: 'solana' }),
    ).resolves.toEqual({ sessionScopes: {}, sessionProperties: {} })
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges()).toEqual([{}])
  })

  it('changes nothing and tells no one when the session has no scope of the namespace', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, solanaSession())
    await engine.disconnectNamespace({ origin: dapp, namespace: 'eip155' })
    await engine.disconnectNamespace({ origin: otherDapp, namespace: 'solana' })
    expect(ports.store.get(dapp)).toEqual(solanaSession())
    expect(sessionChanges()).toEqual([])
    expect(sessionChanges(otherDapp)).toEqual([])
  })

  it('asks again with prompt when the namespace is connected; the approval replaces its scopes, the others stay', async () => {
    const { engine, ports, sessionChanges } = createHarness()
    ports.store.set(dapp, {
      ...solanaSession(),
      sessionScopes: {
        ...solanaSession().sessionScopes,
        'eip155:1': evmScope('eip155:1', alice),
        'eip155:10': evmScope('eip155:10', alice),
      },
    })
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:31337'], accounts: [bob] }))
    await engine.connectNamespace({ origin: dapp, namespace: 'eip155', prompt: true })
    expect(ports.approvals).toHaveLength(1)
    expect(ports.approvals[0]?.preselectedAccounts).toEqual([alice])
    const scopes = ports.store.get(dapp)?.sessionScopes ?? {}
    expect(Object.keys(scopes).sort()).toEqual(['eip155:31337', localSolana].sort())
    expect(scopes['eip155:31337']?.accounts).toEqual([`eip155:31337:${bob}`])
    expect(sessionChanges()).toHaveLength(1)
    expect(ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp, chainId: 'eip155:1' },
    })
  })

  it('keeps the namespace’s wallet scope when asked again, its accounts the approved ones', async () => {
    const { engine, ports } = createHarness()
    const walletScope = (...accounts: string[]): NormalizedScope => ({
      methods: ['wallet_addEthereumChain'],
      notifications: [],
      accounts: accounts.map((address): AccountId => `wallet:eip155:${address}`),
    })
    ports.store.set(dapp, {
      ...solanaSession(),
      sessionScopes: {
        ...solanaSession().sessionScopes,
        'eip155:1': evmScope('eip155:1', alice),
        'wallet:eip155': walletScope(alice),
      },
    })
    ports.store.set(otherDapp, {
      ...solanaSession(),
      sessionScopes: { 'eip155:1': evmScope('eip155:1', alice), 'wallet:eip155': walletScope() },
    })
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:31337'], accounts: [bob] }))
    await engine.connectNamespace({ origin: dapp, namespace: 'eip155', prompt: true })
    await engine.connectNamespace({ origin: otherDapp, namespace: 'eip155', prompt: true })
    const scopes = ports.store.get(dapp)?.sessionScopes ?? {}
    expect(Object.keys(scopes).sort()).toEqual(
      ['eip155:31337', localSolana, 'wallet:eip155'].sort(),
    )
    expect(scopes['wallet:eip155']).toEqual(walletScope(bob))
    expect(ports.store.get(otherDapp)?.sessionScopes['wallet:eip155']).toEqual(walletScope())
  })
})
