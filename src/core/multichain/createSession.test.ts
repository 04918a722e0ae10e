import { describe, expect, it } from 'vitest'
import { requestAlreadyPending } from '../rpc/errors.ts'
import type { ApprovalRequest, ApprovalResult } from './ports.ts'
import {
  alice,
  bob,
  createHarness,
  dapp,
  mainnetRequest,
  otherDapp,
} from './testing/engineHarness.ts'

/** The answer to `mainnetRequest` approved with alice on eip155:1. */
const mainnetSession = {
  sessionScopes: {
    'eip155:1': {
      methods: ['eth_call', 'eth_getBalance'],
      // `notifications: []` asks for the chain's standard set.
      notifications: ['eth_subscription'],
      accounts: [`eip155:1:${alice}`],
    },
  },
  sessionProperties: {},
}

describe('wallet_createSession', () => {
  it('grants the approved chains with the preselected accounts as EIP-55 CAIP-10 ids', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', mainnetRequest)
    expect(response).toEqual({ jsonrpc: '2.0', id: 1, result: mainnetSession })
  })

  it('grants what the approval window showed, never the scopes or properties of the request that re-attached to it', async () => {
    const { call, ports } = createHarness()
    const shown: ApprovalRequest = {
      origin: dapp,
      chains: [{ chainId: 'eip155:1', required: true, methods: ['eth_call'], notifications: [] }],
      preselectedAccounts: [alice],
      sessionProperties: {},
    }
    ports.setApprovalPolicy(() => ({
      approved: true,
      chains: ['eip155:1', 'eip155:10'],
      accounts: [alice],
      shown,
    }))
    const response = await call('wallet_createSession', {
      requiredScopes: {
        'eip155:1': { methods: ['eth_call', 'eth_sendTransaction'], notifications: [] },
        'eip155:10': { methods: ['eth_sendTransaction'], notifications: [] },
      },
      sessionProperties: { expiry: '2099-01-01T00:00:00Z' },
    })
    expect(response.result).toEqual({
      sessionScopes: {
        'eip155:1': { methods: ['eth_call'], notifications: [], accounts: [`eip155:1:${alice}`] },
      },
      sessionProperties: {},
    })
  })

  it('answers -32602 listing every structural problem with its path', async () => {
    const { call, ports } = createHarness()
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: 'eth_call', notifications: [] } },
      optionalScopes: { eip155: { references: ['1', 'x!'], methods: [], notifications: [] } },
    })
    expect(response).toMatchObject({
      id: 1,
      error: {
        code: -32602,
        data: {
          problems: [
            { path: 'requiredScopes["eip155:1"].methods', message: 'must be an array of strings' },
            {
              path: 'optionalScopes["eip155"].references[1]',
              message: 'is not a valid eip155 chain reference',
            },
          ],
        },
      },
    })
    expect(ports.approvals).toEqual([])
  })

  it('answers -32602 when params is not an object', async () => {
    const { call } = createHarness()
    expect(await call('wallet_createSession', [mainnetRequest])).toMatchObject({
      error: {
        code: -32602,
        data: { problems: [{ path: 'params', message: 'must be an object' }] },
      },
    })
  })

  it('normalizes namespace references into chains and merges a chain named twice', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: {
        eip155: { references: ['1', '10'], methods: ['eth_call'], notifications: [] },
      },
      optionalScopes: {
        'eip155:1': { methods: ['eth_getBalance'], notifications: [] },
      },
    })
    expect(ports.approvals[0]?.chains).toEqual([
      {
        chainId: 'eip155:1',
        required: true,
        methods: ['eth_call', 'eth_getBalance'],
        notifications: ['eth_subscription'],
      },
      {
        chainId: 'eip155:10',
        required: true,
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
      },
    ])
  })

  it('answers 5302 when sessionProperties is {} or not an object', async () => {
    const { call } = createHarness()
    for (const sessionProperties of [{}, 'x', null]) {
      expect(
        (await call('wallet_createSession', { ...mainnetRequest, sessionProperties })).error,
      ).toEqual({ code: 5302, message: 'Invalid sessionProperties requested' })
    }
  })

  it('answers 5302 for an expiry that is not a future ISO-8601 time', async () => {
    const { call } = createHarness({ now: Date.parse('2026-01-01T00:00:00Z') })
    const response = await call('wallet_createSession', {
      ...mainnetRequest,
      sessionProperties: { expiry: '2025-01-01T00:00:00Z' },
    })
    expect(response.error).toEqual({ code: 5302, message: 'Invalid sessionProperties requested' })
  })

  it('keeps a known session property and drops unknown ones; ignores scopedProperties', async () => {
    const { call, ports } = createHarness({ now: Date.parse('2026-01-01T00:00:00Z') })
    const response = await call('wallet_createSession', {
      ...mainnetRequest,
      sessionProperties: { expiry: '2026-01-02T00:00:00Z', color: 'blue' },
      scopedProperties: { 'eip155:1': { anything: true } },
    })
    expect(response.result).toMatchObject({ sessionProperties: { expiry: '2026-01-02T00:00:00Z' } })
    expect(ports.approvals[0]?.sessionProperties).toEqual({ expiry: '2026-01-02T00:00:00Z' })
  })

  it('answers 5100 for an unsupported required chain', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:137': { methods: ['eth_call'], notifications: [] } },
    })
    expect(response.error).toEqual({ code: 5100, message: 'Requested networks are not supported' })
  })

  it('answers 5101 for an unsupported required method', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_sign'], notifications: [] } },
    })
    expect(response.error).toEqual({ code: 5101, message: 'Requested methods are not supported' })
  })

  it('answers 5102 for an unsupported required notification', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: [], notifications: ['eth_newHeads'] } },
    })
    expect(response.error).toEqual({
      code: 5102,
      message: 'Requested notifications are not supported',
    })
  })

  it('drops unsupported optional chains, methods and notifications silently', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', {
      optionalScopes: {
        'eip155:137': { methods: ['eth_call'], notifications: [] },
        'eip155:10': {
          methods: ['eth_call', 'eth_sign'],
          notifications: ['eth_subscription', 'chainChanged'],
        },
      },
    })
    expect(response.result).toEqual({
      sessionScopes: {
        'eip155:10': {
          methods: ['eth_call'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:10:${alice}`],
        },
      },
      sessionProperties: {},
    })
  })

  it('answers 5100 when nothing supported is left', async () => {
    const { call, ports } = createHarness()
    const response = await call('wallet_createSession', {
      optionalScopes: { 'eip155:137': { methods: ['eth_call'], notifications: [] } },
    })
    expect(response.error).toEqual({ code: 5100, message: 'Requested networks are not supported' })
    expect(ports.approvals).toEqual([])
  })

  it('grants only the requested methods and notifications (least privilege)', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', {
      requiredScopes: {
        'eip155:31337': { methods: ['eth_blockNumber'], notifications: ['eth_subscription'] },
      },
      optionalScopes: {
        'eip155:1': {
          methods: ['eth_chainId', 'eth_signAnything'],
          notifications: ['chainChanged'],
        },
      },
    })
    expect(response.result).toMatchObject({
      sessionScopes: {
        'eip155:31337': { methods: ['eth_blockNumber'], notifications: ['eth_subscription'] },
        'eip155:1': { methods: ['eth_chainId'], notifications: [] },
      },
    })
  })

  it("grants the chain's standard set for methods: [] and notifications: [] (the reference wallet's dapps)", async () => {
    const { call, ports } = createHarness()
    const response = await call('wallet_createSession', {
      optionalScopes: {
        'eip155:1': { methods: [], notifications: [] },
        'eip155:10': { methods: ['eth_call'], notifications: [] },
      },
    })
    const standard = ports.capabilitiesValue.chains['eip155:1']
    expect(standard?.methods.length).toBeGreaterThan(20)
    expect(ports.approvals[0]?.chains).toEqual([
      { chainId: 'eip155:1', required: false, ...standard },
      {
        chainId: 'eip155:10',
        required: false,
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
      },
    ])
    expect(response.result).toMatchObject({
      sessionScopes: {
        'eip155:1': standard,
        'eip155:10': { methods: ['eth_call'], notifications: ['eth_subscription'] },
      },
    })
    expect(ports.store.get(dapp)?.requestedScopes['eip155:1']).toEqual(standard)
  })

  it('asks for approval with the origin, chains marked required/optional, and preselected accounts', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_call'], notifications: [] } },
      optionalScopes: {
        'eip155:10': {
          methods: ['eth_subscribe'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:10:${bob.toLowerCase()}`],
        },
      },
    })
    expect(ports.approvals).toEqual([
      {
        origin: dapp,
        chains: [
          {
            chainId: 'eip155:1',
            required: true,
            methods: ['eth_call'],
            notifications: ['eth_subscription'],
          },
          {
            chainId: 'eip155:10',
            required: false,
            methods: ['eth_subscribe'],
            notifications: ['eth_subscription'],
          },
        ],
        preselectedAccounts: [bob],
        sessionProperties: {},
      },
    ])
  })

  it('preselects the first account when the request names none', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    expect(ports.approvals[0]?.preselectedAccounts).toEqual([alice])
  })

  it('grants exactly the chains and accounts the user approved', async () => {
    const { call, ports } = createHarness()
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:1'], accounts: [bob] }))
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_call'], notifications: [] } },
      optionalScopes: { 'eip155:10': { methods: ['eth_call'], notifications: [] } },
    })
    expect(response.result).toEqual({
      sessionScopes: {
        'eip155:1': {
          methods: ['eth_call'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:1:${bob}`],
        },
      },
      sessionProperties: {},
    })
  })

  it('answers 4001 when the user rejects, leaving the earlier session and sending nothing', async () => {
    const { call, ports, sessionChanges } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const before = ports.store.get(dapp)
    ports.setApprovalPolicy(() => ({ approved: false }))
    const response = await call('wallet_createSession', {
      requiredScopes: { 'eip155:10': { methods: ['eth_call'], notifications: [] } },
    })
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(ports.store.get(dapp)).toEqual(before)
    expect(sessionChanges()).toHaveLength(1)
  })

  it('treats an approval without a required chain or without accounts as a rejection', async () => {
    const { call, ports } = createHarness()
    for (const approval of [
      { approved: true, chains: [], accounts: [alice] },
      { approved: true, chains: ['eip155:1'], accounts: [] },
      {
        approved: true,
        chains: ['eip155:1'],
        accounts: ['0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
      },
    ] satisfies ApprovalResult[]) {
      ports.setApprovalPolicy(() => approval)
      expect((await call('wallet_createSession', mainnetRequest)).error?.code).toBe(4001)
    }
    expect(ports.store.size).toBe(0)
  })

  it('answers -32002 to a second request of the same origin while one awaits the user', async () => {
    const { call, ports } = createHarness()
    const waiting: Array<(result: ApprovalResult) => void> = []
    let asked: () => void = () => {}
    const nextApproval = () => new Promise<void>((resolve) => (asked = resolve))
    ports.setApprovalPolicy(
      () =>
        new Promise<ApprovalResult>((resolve) => {
          waiting.push(resolve)
          asked()
        }),
    )
    let approvalAsked = nextApproval()
    const first = call('wallet_createSession', mainnetRequest)
    await approvalAsked
    const second = await call('wallet_createSession', mainnetRequest)
    expect(second.error).toEqual({
      code: -32002,
      message:
        'Request of type wallet_createSession already pending for origin https://app.example. Please wait.',
    })
    approvalAsked = nextApproval()
    const elsewhere = call('wallet_createSession', mainnetRequest, otherDapp)
    await approvalAsked
    expect(ports.approvals.map((request) => request.origin)).toEqual([dapp, otherDapp])
    for (const approve of waiting)
      approve({ approved: true, chains: ['eip155:1'], accounts: [alice] })
    expect((await first).result).toEqual(mainnetSession)
    expect((await elsewhere).result).toEqual(mainnetSession)
  })

  it('relays an RpcError the approver throws, and answers -32603 to any other failure', async () => {
    const { call, ports } = createHarness()
    ports.setApprovalPolicy(() => {
      throw requestAlreadyPending(dapp)
    })
    expect((await call('wallet_createSession', mainnetRequest)).error?.code).toBe(-32002)
    ports.setApprovalPolicy(() => {
      throw new Error('could not open the approval window')
    })
    expect((await call('wallet_createSession', mainnetRequest)).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { cause: 'could not open the approval window' },
    })
    expect(ports.sent).toEqual([])
  })

  it('allows a new request once the pending one is answered', async () => {
    const { call, ports } = createHarness()
    ports.setApprovalPolicy(() => ({ approved: false }))
    await call('wallet_createSession', mainnetRequest)
    ports.setApprovalPolicy(() => ({ approved: true, chains: ['eip155:1'], accounts: [alice] }))
    expect((await call('wallet_createSession', mainnetRequest)).result).toEqual(mainnetSession)
  })

  it('replaces the earlier session on approval and sends wallet_sessionChanged', async () => {
    const { call, ports, sessionChanges } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:10': { methods: ['eth_chainId'], notifications: [] } },
    })
    const replaced = {
      'eip155:10': {
        methods: ['eth_chainId'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:10:${alice}`],
      },
    }
    expect(ports.store.get(dapp)?.sessionScopes).toEqual(replaced)
    expect(sessionChanges()).toEqual([
      {
        'eip155:1': {
          methods: ['eth_call', 'eth_getBalance'],
          notifications: ['eth_subscription'],
          accounts: [`eip155:1:${alice}`],
        },
      },
      replaced,
    ])
  })

  it('sends nothing on a request that fails validation', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', { requiredScopes: 'eip155:1' })
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:137': { methods: [], notifications: [] } },
    })
    expect(ports.sent).toEqual([])
  })

  it('ignores a sessionId in params and never returns one', async () => {
    const { call } = createHarness()
    const response = await call('wallet_createSession', { ...mainnetRequest, sessionId: 'abc' })
    expect(Object.keys(response.result as object).sort()).toEqual([
      'sessionProperties',
      'sessionScopes',
    ])
  })

  it('ends subscriptions on chains the replacing session no longer grants them on', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: {
        'eip155:1': { methods: ['eth_subscribe'], notifications: ['eth_subscription'] },
      },
    })
    await call('wallet_createSession', mainnetRequest)
    expect(ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp, chainId: 'eip155:1' },
    })
  })
})
