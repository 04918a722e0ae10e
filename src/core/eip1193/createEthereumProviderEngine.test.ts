import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { alice, bob, dapp, otherDapp } from '../../core/multichain/testing/engineHarness.ts'
import type { ApprovalResult } from '../multichain/ports.ts'
import { requestDigestOf, requestIdentityOf } from '../protocol/requestIdentity.ts'
import { createProviderHarness } from './testing/providerHarness.ts'

const aliceLower = alice.toLowerCase()
const bobLower = bob.toLowerCase()
/** anvil's first key: `alice`'s. */
const aliceKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

/** Approves with both of the wallet's accounts on every offered chain. */
const approveBoth = (request: { chains: Array<{ chainId: string }> }): ApprovalResult => ({
  approved: true,
  chains: request.chains.map((chain) => chain.chainId as `${string}:${string}`),
  accounts: [alice, bob],
})

async function connected() {
  const harness = createProviderHarness()
  harness.ports.setApprovalPolicy(approveBoth)
  const answer = await harness.call('eth_requestAccounts')
  expect(answer.result).toEqual([aliceLower, bobLower])
  harness.events.length = 0
  harness.ports.sent.length = 0
  harness.ports.approvals.length = 0
  return harness
}

describe('the site chain', () => {
  it('is the wallet default before the site connects: eth_chainId hex, net_version decimal', async () => {
    const { call } = createProviderHarness()
    expect((await call('eth_chainId')).result).toBe('0x7a69')
    expect((await call('net_version')).result).toBe('31337')
  })

  it('forwards reads to the node of the site chain before the site is connected', async () => {
    const { call, ports } = createProviderHarness()
    ports.setNodeAnswer(() => ({ resultJson: '"0x10"' }))
    const answer = await call('eth_blockNumber', [])
    expect(answer.resultJson).toBe('"0x10"')
    expect(ports.nodeCalls).toEqual([
      { kind: 'request', chainId: 'eip155:31337', method: 'eth_blockNumber', params: [] },
    ])
  })

  it("hands a read's result pieces on to the request's onResultPiece", async () => {
    const { provider, ports } = createProviderHarness()
    ports.setNodeAnswer((_chainId, _method, _params, options) => {
      options?.onResultPiece?.('["0x1",')
      return { resultJson: '"0x2"]' }
    })
    const pieces: string[] = []
    const answer = await provider.handleRequest(
      'https://app.example',
      'tab-1#eip1193',
      { jsonrpc: '2.0', id: 4, method: 'eth_getLogs', params: [{}] },
      { onResultPiece: (text) => pieces.push(text) },
    )
    expect(pieces).toEqual(['["0x1",'])
    expect(answer).toEqual({ jsonrpc: '2.0', id: 4, resultJson: '"0x2"]' })
  })

  it('relays a node error verbatim and an unreachable node as -32603 with data.cause', async () => {
    const { call, ports } = createProviderHarness()
    ports.setNodeAnswer(() => ({
      error: { code: -32005, message: 'query returned more than 10000 results' },
    }))
    expect((await call('eth_getLogs', [{}])).error).toEqual({
      code: -32005,
      message: 'query returned more than 10000 results',
    })
    ports.setNodeAnswer(() => {
      throw new Error('fetch failed')
    })
    expect((await call('eth_blockNumber')).error).toMatchObject({
      code: -32603,
      data: { cause: 'fetch failed' },
    })
  })

  it("waits in the origin's line of node calls, shared with the Multichain API's", async () => {
    const harness = createProviderHarness({ queue: { inFlight: 1, maxWaiting: 0 } })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const answer = harness.ports.nodes.request
    harness.ports.nodes.request = async (...args) => {
      await held
      return answer(...args)
    }
    // A Multichain API call of the origin takes the line's one slot…
    const running = harness.multichain.nodesOf(dapp).request('eip155:31337', 'eth_blockNumber', [])
    // …so a provider read of the same origin finds the line full, and another origin's does not.
    expect((await harness.call('eth_blockNumber', [])).error?.code).toBe(-32005)
    const other = harness.call('eth_blockNumber', [], otherDapp)
    release()
    expect(await running).toEqual({ result: '0x7a69' })
    expect((await other).result).toBe('0x7a69')
  })

  it('answers 4200 with data.method for anything else', async () => {
    const { call } = createProviderHarness()
    expect((await call('eth_coinbase')).error).toEqual({
      code: 4200,
      message: 'Unsupported method',
      data: { method: 'eth_coinbase' },
    })
  })
})

describe('eth_accounts and eth_requestAccounts', () => {
  it('eth_accounts is [] with no session, without a window', async () => {
    const { call, ports } = createProviderHarness()
    expect((await call('eth_accounts')).result).toEqual([])
    expect(ports.approvals).toEqual([])
  })

  it('eth_requestAccounts asks for every wallet EVM network, the site chain first, with the standard sets', async () => {
    const { call, ports, events } = createProviderHarness()
    await call('wallet_switchEthereumChain', [{ chainId: '0xa' }])
    events.length = 0
    const answer = await call('eth_requestAccounts')
    expect(answer.result).toEqual([aliceLower])
    expect(ports.approvals).toHaveLength(1)
    const [approval] = ports.approvals
    expect(approval?.chains.map((chain) => [chain.chainId, chain.required])).toEqual([
      ['eip155:10', false],
      ['eip155:31337', false],
      ['eip155:1', false],
    ])
    expect(approval?.chains[0]?.methods).toContain('personal_sign')
    expect(approval?.chains[0]?.notifications).toEqual(['eth_subscription'])
    expect(events.map((event) => event.notification)).toEqual([
      { jsonrpc: '2.0', method: 'accountsChanged', params: [aliceLower] },
    ])
    expect((await call('eth_chainId')).result).toBe('0xa')
  })

  it('makes the connection a session the Multichain API sees, with wallet_sessionChanged', async () => {
    const { call, multichain, ports } = createProviderHarness()
    await call('eth_requestAccounts')
    const session = await multichain.handleRequest(dapp, 'tab-2', {
      jsonrpc: '2.0',
      id: 1,
      method: 'wallet_getSession',
    })
    expect(
      Object.keys(
        (session as unknown as { result: { sessionScopes: object } }).result.sessionScopes,
      ),
    ).toEqual(['eip155:31337', 'eip155:1', 'eip155:10'])
    expect(ports.sent.map((sent) => sent.notification.method)).toEqual(['wallet_sessionChanged'])
  })

  it("adds the EVM scopes to the session, keeping another namespace's scopes", async () => {
    const { call, ports } = createProviderHarness()
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const solanaScope = {
      methods: ['signMessage'],
      notifications: [],
      accounts: [`${solana}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`],
    }
    ports.store.set(dapp, {
      sessionScopes: { [solana]: solanaScope },
      sessionProperties: {},
      requestedScopes: { [solana]: { methods: ['signMessage'], notifications: [] } },
      createdAt: 1,
    } as never)
    expect((await call('eth_requestAccounts')).result).toEqual([aliceLower])
    const scopes = ports.store.get(dapp)?.sessionScopes ?? {}
    expect(scopes[solana as `${string}:${string}`]).toEqual(solanaScope)
    expect(Object.keys(scopes)).toContain('eip155:31337')
  })

  it('lets concurrent calls share one window and its answer', async () => {
    const { call, ports } = createProviderHarness()
    let approve: (result: ApprovalResult) => void = () => undefined
    ports.setApprovalPolicy(() => new Promise((resolve) => (approve = resolve)))
    const first = call('eth_requestAccounts')
    const second = call('eth_requestAccounts')
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    approve({ approved: true, chains: ['eip155:31337'], accounts: [bob] })
    expect((await first).result).toEqual([bobLower])
    expect((await second).result).toEqual([bobLower])
    expect(ports.approvals).toHaveLength(1)
  })

  it('answers 4001 when the user rejects, leaving no session', async () => {
    const { call, ports } = createProviderHarness()
    ports.setApprovalPolicy(() => ({ approved: false }))
    expect((await call('eth_requestAccounts')).error).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect((await call('eth_accounts')).result).toEqual([])
  })

  it('answers a connected site at once, without a window', async () => {
    const { call, ports } = await connected()
    expect((await call('eth_requestAccounts')).result).toEqual([aliceLower, bobLower])
    expect(ports.approvals).toEqual([])
  })
})

describe('the active account', () => {
  it('moves first in eth_accounts and the permissions, with accountsChanged to that site only', async () => {
    const harness = await connected()
    await harness.call('eth_requestAccounts', undefined, otherDapp)
    harness.events.length = 0
    await harness.provider.setActiveAccount(dapp, bob)
    expect((await harness.call('eth_accounts')).result).toEqual([bobLower, aliceLower])
    const permissions = (await harness.call('wallet_getPermissions')).result as Array<{
      parentCapability: string
      caveats: Array<{ value: unknown }>
    }>
    expect(permissions[0]?.caveats[0]?.value).toEqual([bobLower, aliceLower])
    expect(harness.events).toEqual([
      {
        origin: dapp,
        notification: { jsonrpc: '2.0', method: 'accountsChanged', params: [bobLower, aliceLower] },
      },
    ])
  })

  it('sends nothing when the active account is already first', async () => {
    const harness = await connected()
    await harness.provider.setActiveAccount(dapp, alice)
    expect(harness.events).toEqual([])
  })
})

describe('wallet_switchEthereumChain', () => {
  it('answers -32602 for malformed params', async () => {
    const { call } = createProviderHarness()
    for (const params of [
      undefined,
      [],
      [{}],
      [{ chainId: '1' }],
      [{ chainId: '0x01' }],
      { chainId: '0x1' },
    ]) {
      expect((await call('wallet_switchEthereumChain', params)).error?.code).toBe(-32602)
    }
  })

  it('answers null without an event for the current chain', async () => {
    const { call, events } = createProviderHarness()
    expect((await call('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).result).toBeNull()
    expect(events).toEqual([])
  })

  it('answers 4902 with the exact message for a chain the wallet does not have', async () => {
    const { call } = createProviderHarness()
    expect((await call('wallet_switchEthereumChain', [{ chainId: '0x89' }])).error).toEqual({
      code: 4902,
      message:
        'Unrecognized chain ID "0x89". Try adding the chain using wallet_addEthereumChain first.',
    })
  })

  it('switches a site before it connects, and that site only', async () => {
    const { call, eventsTo } = createProviderHarness()
    expect((await call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).result).toBeNull()
    expect((await call('eth_chainId')).result).toBe('0x1')
    expect((await call('eth_chainId', undefined, otherDapp)).result).toBe('0x7a69')
    expect(eventsTo(dapp)).toEqual([{ method: 'chainChanged', params: { chainId: '0x1' } }])
    expect(eventsTo(otherDapp)).toEqual([])
  })

  it('switches among the session chains without a window', async () => {
    const { call, ports, eventsTo } = await connected()
    expect((await call('wallet_switchEthereumChain', [{ chainId: '0xa' }])).result).toBeNull()
    expect(ports.approvals).toEqual([])
    expect(eventsTo(dapp)).toEqual([{ method: 'chainChanged', params: { chainId: '0xa' } }])
    expect((await call('net_version')).result).toBe('10')
  })

  it('asks to add a chain the session lacks, with its accounts, then switches', async () => {
    const harness = createProviderHarness()
    harness.ports.setApprovalPolicy((request) => ({
      approved: true,
      chains: [request.chains[0]?.chainId ?? 'eip155:31337'],
      accounts: [alice, bob],
    }))
    await harness.call('eth_requestAccounts')
    harness.ports.approvals.length = 0
    harness.ports.sent.length = 0
    harness.events.length = 0
    const answer = await harness.call('wallet_switchEthereumChain', [{ chainId: '0x1' }])
    expect(answer.result).toBeNull()
    expect(
      harness.ports.approvals.map((approval) => approval.chains.map((chain) => chain.chainId)),
    ).toEqual([['eip155:1']])
    expect(harness.ports.approvals[0]?.preselectedAccounts).toEqual([alice, bob])
    const scopes = harness.ports.store.get(dapp)?.sessionScopes ?? {}
    expect(Object.keys(scopes)).toEqual(['eip155:31337', 'eip155:1'])
    expect(scopes['eip155:1']?.accounts).toEqual([`eip155:1:${alice}`, `eip155:1:${bob}`])
    expect(harness.ports.sent.map((sent) => sent.notification.method)).toEqual([
      'wallet_sessionChanged',
    ])
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'chainChanged', params: { chainId: '0x1' } }])
  })

  it('adds no chain the approval window did not show, and stays on its chain (4001)', async () => {
    const harness = createProviderHarness()
    harness.ports.setApprovalPolicy((request) => ({
      approved: true,
      chains: [request.chains[0]?.chainId ?? 'eip155:31337'],
      accounts: [alice],
    }))
    await harness.call('eth_requestAccounts')
    // The window showed another request (one this switch re-attached to): eip155:10.
    harness.ports.setApprovalPolicy((request) => ({
      approved: true,
      chains: ['eip155:1', 'eip155:10'],
      accounts: [alice],
      shown: {
        ...request,
        chains: request.chains.map((chain) => ({ ...chain, chainId: 'eip155:10' })),
      },
    }))
    expect(
      (await harness.call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).error?.code,
    ).toBe(4001)
    expect(Object.keys(harness.ports.store.get(dapp)?.sessionScopes ?? {})).toEqual([
      'eip155:31337',
    ])
    expect((await harness.call('eth_chainId')).result).toBe('0x7a69')
  })

  it('stays on its chain when the user rejects adding one (4001)', async () => {
    const harness = createProviderHarness()
    harness.ports.setApprovalPolicy((request) => ({
      approved: true,
      chains: [request.chains[0]?.chainId ?? 'eip155:31337'],
      accounts: [alice],
    }))
    await harness.call('eth_requestAccounts')
    harness.ports.setApprovalPolicy(() => ({ approved: false }))
    expect(
      (await harness.call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).error?.code,
    ).toBe(4001)
    expect((await harness.call('eth_chainId')).result).toBe('0x7a69')
  })
})

describe('wallet_addEthereumChain', () => {
  const polygon = {
    chainId: '0x89',
    chainName: 'Polygon',
    rpcUrls: ['https://polygon.example/rpc'],
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  }

  it('adds, permits and switches to a new chain with one confirmation', async () => {
    const harness = await connected()
    // The network becomes usable once the confirmation saved it.
    const added = harness.ports.networks.addNetwork
    harness.ports.networks.addNetwork = async (request) => {
      await added(request)
      harness.ports.capabilitiesValue.chains['eip155:137'] = {
        methods: ['eth_blockNumber', 'personal_sign'],
        notifications: [],
      }
      return null
    }
    const answer = await harness.call('wallet_addEthereumChain', [polygon])
    expect(answer.result).toBeNull()
    expect(harness.ports.addedNetworks).toHaveLength(1)
    expect(harness.ports.addedNetworks[0]?.draft.chainId).toBe('eip155:137')
    expect(harness.ports.approvals).toEqual([])
    expect(Object.keys(harness.ports.store.get(dapp)?.sessionScopes ?? {})).toContain('eip155:137')
    expect((await harness.call('eth_chainId')).result).toBe('0x89')
    expect(harness.eventsTo(dapp)).toEqual([
      { method: 'chainChanged', params: { chainId: '0x89' } },
    ])
  })

  it('switches to a chain the wallet already has, without a confirmation', async () => {
    const harness = await connected()
    const answer = await harness.call('wallet_addEthereumChain', [
      { chainId: '0xa', chainName: 'OP', rpcUrls: ['https://op.example'] },
    ])
    expect(answer.result).toBeNull()
    expect(harness.ports.addedNetworks).toEqual([])
    expect((await harness.call('eth_chainId')).result).toBe('0xa')
  })

  it('treats a chain the wallet has but the session lacks as wallet_switchEthereumChain does: the approval window adds it with the session accounts, then switches', async () => {
    const harness = createProviderHarness()
    harness.ports.setApprovalPolicy((request) => ({
      approved: true,
      chains: [request.chains[0]?.chainId ?? 'eip155:31337'],
      accounts: [alice, bob],
    }))
    await harness.call('eth_requestAccounts')
    harness.ports.approvals.length = 0
    harness.ports.sent.length = 0
    harness.events.length = 0
    const answer = await harness.call('wallet_addEthereumChain', [
      { chainId: '0x1', chainName: 'Ethereum', rpcUrls: ['https://mainnet.example'] },
    ])
    expect(answer.result).toBeNull()
    expect(harness.ports.addedNetworks).toEqual([])
    expect(
      harness.ports.approvals.map((approval) =>
        approval.chains.map((chain) => [chain.chainId, chain.required]),
      ),
    ).toEqual([[['eip155:1', true]]])
    expect(harness.ports.approvals[0]?.preselectedAccounts).toEqual([alice, bob])
    const scopes = harness.ports.store.get(dapp)?.sessionScopes ?? {}
    expect(Object.keys(scopes)).toEqual(['eip155:31337', 'eip155:1'])
    expect(scopes['eip155:1']?.accounts).toEqual([`eip155:1:${alice}`, `eip155:1:${bob}`])
    expect(harness.ports.sent.map((sent) => sent.notification.method)).toEqual([
      'wallet_sessionChanged',
    ])
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'chainChanged', params: { chainId: '0x1' } }])
    expect((await harness.call('eth_chainId')).result).toBe('0x1')
  })

  it('answers -32602 for params that are not EIP-3085', async () => {
    const { call } = createProviderHarness()
    expect((await call('wallet_addEthereumChain', [{ chainId: 'polygon' }])).error?.code).toBe(
      -32602,
    )
  })
})

describe('the legacy permissions', () => {
  it('are [] with no session', async () => {
    const { call } = createProviderHarness()
    expect((await call('wallet_getPermissions')).result).toEqual([])
  })

  it('wallet_requestPermissions always opens the window, preselecting the session accounts', async () => {
    const harness = await connected()
    const answer = await harness.call('wallet_requestPermissions', [{ eth_accounts: {} }])
    expect(harness.ports.approvals).toHaveLength(1)
    expect(harness.ports.approvals[0]?.preselectedAccounts).toEqual([alice, bob])
    const view = answer.result as Array<Record<string, unknown>>
    expect(view.map((permission) => permission.parentCapability)).toEqual([
      'eth_accounts',
      'endowment:permitted-chains',
    ])
    expect(view[0]).toMatchObject({
      invoker: dapp,
      caveats: [{ type: 'restrictReturnedAccounts', value: [aliceLower, bobLower] }],
    })
    expect(view[1]).toMatchObject({
      caveats: [{ type: 'restrictNetworkSwitching', value: ['0x7a69', '0x1', '0xa'] }],
    })
    expect(view[0]).toHaveProperty('id')
    expect(view[0]).toHaveProperty('date')
  })

  it("wallet_requestPermissions keeps another namespace's scopes", async () => {
    const harness = await connected()
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
    const stored = harness.ports.store.get(dapp)
    if (!stored) throw new Error('no session')
    const solanaScope = {
      methods: ['signMessage'],
      notifications: [],
      accounts: [`${solana}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin` as const],
    }
    harness.ports.store.set(dapp, {
      ...stored,
      sessionScopes: { ...stored.sessionScopes, [solana]: solanaScope },
    })
    await harness.call('wallet_requestPermissions', [{ eth_accounts: {} }])
    expect(harness.ports.approvals).toHaveLength(1)
    expect(harness.ports.store.get(dapp)?.sessionScopes[solana]).toEqual(solanaScope)
  })

  it('wallet_revokePermissions ends the whole session: null, accountsChanged [] and wallet_sessionChanged {}', async () => {
    const harness = await connected()
    expect(
      (await harness.call('wallet_revokePermissions', [{ eth_accounts: {} }])).result,
    ).toBeNull()
    expect(harness.ports.store.has(dapp)).toBe(false)
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'accountsChanged', params: [] }])
    expect(harness.ports.sent.map((sent) => sent.notification)).toEqual([
      { jsonrpc: '2.0', method: 'wallet_sessionChanged', params: { sessionScopes: {} } },
    ])
  })

  it('answers -32602 for permissions it does not know', async () => {
    const { call } = createProviderHarness()
    expect((await call('wallet_requestPermissions', [{ snap_dialog: {} }])).error?.code).toBe(
      -32602,
    )
    expect((await call('wallet_revokePermissions', [])).error?.code).toBe(-32602)
  })
})

describe('changes made elsewhere', () => {
  it('a Multichain API wallet_createSession reaches the providers as accountsChanged', async () => {
    const harness = createProviderHarness()
    await harness.multichain.handleRequest(dapp, 'tab-2', {
      jsonrpc: '2.0',
      id: 1,
      method: 'wallet_createSession',
      params: {
        optionalScopes: {
          'eip155:10': { methods: ['eth_call'], notifications: [], accounts: [`eip155:10:${bob}`] },
        },
      },
    })
    expect(harness.eventsTo(dapp)).toEqual([
      { method: 'chainChanged', params: { chainId: '0xa' } },
      { method: 'accountsChanged', params: [bobLower] },
    ])
  })

  it('a popup edit that reorders nothing but drops an account sends accountsChanged', async () => {
    const harness = await connected()
    await harness.multichain.updateSession(dapp, { chains: ['eip155:31337'], accounts: [bob] })
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'accountsChanged', params: [bobLower] }])
  })

  it('a session the wallet revokes sends accountsChanged [] to its providers', async () => {
    const harness = await connected()
    await harness.multichain.revokeSession(dapp)
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'accountsChanged', params: [] }])
    expect(harness.eventsTo(otherDapp)).toEqual([])
  })

  it("a wallet_revokeSession of scopes the site's view lacks tells its providers nothing; of its chain, chainChanged only", async () => {
    const harness = await connected()
    const revoke = (scopes: string[]) =>
      harness.multichain.handleRequest(dapp, 'tab-2', {
        jsonrpc: '2.0',
        id: 1,
        method: 'wallet_revokeSession',
        params: { scopes },
      })
    await revoke(['eip155:10'])
    expect(harness.eventsTo(dapp)).toEqual([])
    expect((await harness.call('eth_accounts')).result).toEqual([aliceLower, bobLower])
    await revoke(['eip155:31337'])
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'chainChanged', params: { chainId: '0x1' } }])
  })

  it('a session that expires sends accountsChanged [] to its providers', async () => {
    const harness = createProviderHarness()
    await harness.multichain.handleRequest(dapp, 'tab-2', {
      jsonrpc: '2.0',
      id: 1,
      method: 'wallet_createSession',
      params: {
        optionalScopes: {
          'eip155:31337': {
            methods: ['eth_call'],
            notifications: [],
            accounts: [`eip155:31337:${alice}`],
          },
        },
        sessionProperties: { expiry: '2026-01-01T01:00:00Z' },
      },
    })
    await harness.call('eth_requestAccounts', undefined, otherDapp)
    harness.events.length = 0
    harness.ports.setNow(Date.parse('2026-01-01T01:00:00Z'))
    await harness.multichain.expireSessions()
    expect(harness.eventsTo(dapp)).toEqual([{ method: 'accountsChanged', params: [] }])
    expect(harness.eventsTo(otherDapp)).toEqual([])
    expect((await harness.call('eth_accounts')).result).toEqual([])
  })
})

describe('signing and subscriptions', () => {
  it('sends personal_sign through wallet_invokeMethod on the site chain', async () => {
    const harness = await connected()
    await harness.call('wallet_switchEthereumChain', [{ chainId: '0x1' }])
    const answer = await harness.call('personal_sign', ['0x68656c6c6f', aliceLower])
    expect(answer.result).toBe(`0x${'ab'.repeat(65)}`)
    expect(harness.ports.signed.map((request) => [request.method, request.chainId])).toEqual([
      ['personal_sign', 'eip155:1'],
    ])
  })

  it("signs under the page request's own identity, which its re-send and its release after the answer match", async () => {
    const harness = await connected()
    const params = ['0x68656c6c6f', aliceLower]
    await harness.provider.handleRequest(dapp, 'tab-1#eip1193', {
      jsonrpc: '2.0',
      id: 41,
      method: 'personal_sign',
      params,
    })
    expect(harness.ports.signed[0]).toMatchObject(
      requestIdentityOf('tab-1#eip1193', 41, 'personal_sign', params),
    )
  })

  it("hands the page's afterAnswer to the Multichain API engine, which records the signature's activity once the page has it", async () => {
    const harness = await connected()
    const handleRequest = vi.spyOn(harness.multichain, 'handleRequest')
    const afterAnswer = (task: () => void) => task()
    await harness.provider.handleRequest(
      dapp,
      'tab-1#eip1193',
      { jsonrpc: '2.0', id: 42, method: 'personal_sign', params: ['0x68656c6c6f', aliceLower] },
      { afterAnswer },
    )
    expect(handleRequest).toHaveBeenCalledWith(
      dapp,
      'tab-1#eip1193',
      expect.objectContaining({ method: 'wallet_invokeMethod' }),
      expect.objectContaining({ afterAnswer }),
    )
  })

  it('answers 4100 without a session, or for a from not connected', async () => {
    const harness = createProviderHarness()
    expect((await harness.call('personal_sign', ['0x68', aliceLower])).error?.code).toBe(4100)
    await harness.call('eth_requestAccounts')
    expect(
      (
        await harness.call('eth_sendTransaction', [
          { from: bobLower, to: aliceLower, value: '0x1' },
        ])
      ).error?.code,
    ).toBe(4100)
    expect(harness.ports.signed).toEqual([])
  })

  it('accepts the fields dapps send: gasLimit, and legacy gasPrice with type 0x0', async () => {
    const harness = await connected()
    const answer = await harness.call('eth_sendTransaction', [
      {
        from: aliceLower,
        to: bobLower,
        value: '0x1',
        gasLimit: '0x5208',
        gasPrice: '0x3b9aca00',
        type: '0x0',
      },
    ])
    expect(answer.error).toBeUndefined()
    expect(harness.ports.signed[0]?.params).toMatchObject({
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
    })
  })

  it('takes a typed-data domain chainId as a decimal string', async () => {
    const harness = await connected()
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: '31337' },
      message: { contents: 'Hello, Bob!' },
    }
    const answer = await harness.call('eth_signTypedData_v4', [
      aliceLower,
      JSON.stringify(typedData),
    ])
    expect(answer.error).toBeUndefined()
    expect(harness.ports.signed.map((request) => request.method)).toEqual(['eth_signTypedData_v4'])
  })

  it('subscribes on the site chain, owned by the provider connection', async () => {
    const harness = await connected()
    const answer = await harness.call('eth_subscribe', ['newHeads'])
    expect(answer.result).toMatch(/^0x/)
    expect(harness.ports.nodeCalls).toEqual([
      {
        kind: 'subscribe',
        owner: { origin: dapp, connection: 'tab-1#eip1193', chainId: 'eip155:31337' },
        params: ['newHeads'],
      },
    ])
  })
})

describe('personal_ecRecover', () => {
  it('recovers the signer, lowercase, without a window', async () => {
    const { call, ports } = createProviderHarness()
    const signature = await privateKeyToAccount(aliceKey).signMessage({ message: 'hello' })
    expect((await call('personal_ecRecover', ['0x68656c6c6f', signature])).result).toBe(aliceLower)
    expect((await call('personal_ecRecover', ['hello', signature])).result).toBe(aliceLower)
    expect(ports.approvals).toEqual([])
  })

  it('answers -32602 for a signature that is not 65 bytes', async () => {
    const { call } = createProviderHarness()
    expect((await call('personal_ecRecover', ['0x68', '0x1234'])).error?.code).toBe(-32602)
  })
})

describe('wallet_watchAsset', () => {
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

  it('asks the token watcher for an ERC-20 on the site chain', async () => {
    const harness = createProviderHarness()
    await harness.call('wallet_switchEthereumChain', [{ chainId: '0xa' }])
    const asked = {
      type: 'ERC20',
      options: { address: token.toLowerCase(), symbol: 'TST', decimals: 18 },
    }
    const answer = await harness.call('wallet_watchAsset', asked)
    expect(answer.result).toBe(true)
    expect(harness.watched).toEqual([
      {
        origin: dapp,
        requestKey: 'tab-1#eip1193/2',
        requestDigest: requestDigestOf('wallet_watchAsset', asked),
        chainId: 'eip155:10',
        token: { address: token, symbol: 'TST', decimals: 18 },
      },
    ])
  })

  it('answers -32602 for another asset type or a bad address, without asking', async () => {
    const harness = createProviderHarness()
    for (const params of [
      { type: 'ERC721', options: { address: token } },
      { type: 'ERC20', options: { address: '0x1234' } },
      { type: 'ERC20', options: { address: token, decimals: 99 } },
    ]) {
      expect((await harness.call('wallet_watchAsset', params)).error?.code).toBe(-32602)
    }
    expect(harness.watched).toEqual([])
  })
})

describe('resendRules', () => {
  it('replays what must not run twice and announces windows', () => {
    const { provider } = createProviderHarness()
    const rules = (method: string) => provider.resendRules({ jsonrpc: '2.0', id: 1, method })
    expect(rules('eth_requestAccounts')).toEqual({
      replayed: true,
      rerunnable: false,
      approval: true,
      confirmation: false,
    })
    expect(rules('wallet_switchEthereumChain')).toEqual({
      replayed: true,
      rerunnable: false,
      approval: true,
      confirmation: false,
    })
    expect(rules('eth_sendTransaction')).toEqual({
      replayed: true,
      rerunnable: false,
      approval: false,
      confirmation: true,
    })
    expect(rules('wallet_addEthereumChain')).toEqual({
      replayed: true,
      rerunnable: false,
      approval: false,
      confirmation: true,
    })
    expect(rules('eth_getFilterChanges')).toEqual({
      replayed: true,
      rerunnable: true,
      approval: false,
      confirmation: false,
    })
    expect(rules('eth_blockNumber')).toEqual({
      replayed: false,
      rerunnable: false,
      approval: false,
      confirmation: false,
    })
  })
})
