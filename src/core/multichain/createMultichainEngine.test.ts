import { describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../rpc/errors.ts'
import { createMultichainEngine, defaultMaxPendingPerOrigin } from './createMultichainEngine.ts'
import {
  type Answer,
  alice,
  createHarness,
  dapp,
  mainnetRequest,
  otherDapp,
} from './testing/engineHarness.ts'

describe('createMultichainEngine: handleRequest', () => {
  it('answers -32601 with data.method to any method but the four wallet_* ones', async () => {
    const { call } = createHarness()
    for (const method of [
      'eth_requestAccounts',
      'eth_call',
      'wallet_requestPermissions',
      'toString',
    ]) {
      expect(await call(method, [])).toMatchObject({
        error: {
          code: -32601,
          message: `The method "${method}" does not exist / is not available.`,
          data: { method },
        },
      })
    }
  })

  it('answers with the request’s own id, string or number', async () => {
    const { engine } = createHarness()
    const request = { jsonrpc: '2.0', method: 'wallet_getSession', params: {} }
    expect(await engine.handleRequest(dapp, 'tab-1', { ...request, id: 'a-1' })).toMatchObject({
      id: 'a-1',
    })
    expect(await engine.handleRequest(dapp, 'tab-1', { ...request, id: 42 })).toMatchObject({
      id: 42,
    })
    expect(await engine.handleRequest(dapp, 'tab-1', request)).toMatchObject({ id: null })
  })

  it('answers -32600 to what is not a JSON-RPC request', async () => {
    const { engine } = createHarness()
    expect(
      await engine.handleRequest(dapp, 'tab-1', { id: 3, method: 'wallet_getSession' }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request: jsonrpc must be "2.0"' },
    })
    expect(await engine.handleRequest(dapp, 'tab-1', 'wallet_getSession')).toMatchObject({
      id: null,
      error: { code: -32600 },
    })
  })

  it('answers -32603 instead of throwing when a port fails', async () => {
    const { engine, ports } = createHarness()
    ports.sessions.get = async () => {
      throw new Error('storage quota exceeded')
    }
    expect(
      await engine.handleRequest(dapp, 'tab-1', {
        jsonrpc: '2.0',
        id: 9,
        method: 'wallet_getSession',
      }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32603, message: 'Internal error', data: { cause: 'storage quota exceeded' } },
    })
  })
})

describe('createMultichainEngine: wallet_sessionChanged', () => {
  it('is sent to the origin with the new scopes when a session is created', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    expect(ports.sent).toEqual([
      {
        to: 'origin',
        origin: dapp,
        notification: {
          jsonrpc: '2.0',
          method: 'wallet_sessionChanged',
          params: {
            sessionScopes: {
              'eip155:1': {
                methods: ['eth_call', 'eth_getBalance'],
                notifications: ['eth_subscription'],
                accounts: [`eip155:1:${alice}`],
              },
            },
          },
        },
      },
    ])
  })

  it('is not sent by reads and node calls', async () => {
    const { call, sessionChanges } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    await call('wallet_getSession', {})
    await call('wallet_invokeMethod', {
      scope: 'eip155:1',
      request: { method: 'eth_call', params: [{}] },
    })
    expect(sessionChanges()).toHaveLength(1)
  })
})

describe('createMultichainEngine: sessionProperties.expiry', () => {
  const start = Date.parse('2026-01-01T00:00:00Z')
  const expiring = { ...mainnetRequest, sessionProperties: { expiry: '2026-01-01T01:00:00Z' } }

  it('keeps the session until its expiry', async () => {
    const { call, ports } = createHarness({ now: start })
    await call('wallet_createSession', expiring)
    ports.setNow(Date.parse('2026-01-01T00:59:59Z'))
    expect((await call('wallet_getSession', {})).result).toMatchObject({
      sessionScopes: { 'eip155:1': {} },
    })
  })

  it('ends the session on the origin’s next request once the expiry has passed', async () => {
    const { call, ports, sessionChanges } = createHarness({ now: start })
    await call('wallet_createSession', expiring)
    ports.setNow(Date.parse('2026-01-01T01:00:00Z'))
    const response = await call('wallet_invokeMethod', {
      scope: 'eip155:1',
      request: { method: 'eth_call', params: [{}] },
    })
    expect(response.error?.code).toBe(4100)
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges()).toEqual([expect.anything(), {}])
    expect(ports.nodeCalls).toEqual([{ kind: 'unsubscribeAll', match: { origin: dapp } }])
  })

  it('ends every expired session in expireSessions(), and only those', async () => {
    const { call, engine, ports, sessionChanges } = createHarness({ now: start })
    await call('wallet_createSession', expiring)
    await call('wallet_createSession', mainnetRequest, 'https://forever.example')
    ports.setNow(Date.parse('2026-01-02T00:00:00Z'))
    await engine.expireSessions()
    expect([...ports.store.keys()]).toEqual(['https://forever.example'])
    expect(sessionChanges()).toEqual([expect.anything(), {}])
    expect(sessionChanges('https://forever.example')).toHaveLength(1)
  })

  it('ends an expired session once when expiry checks overlap (timer, alarm, a page request)', async () => {
    const { call, engine, ports, sessionChanges } = createHarness({ now: start })
    await call('wallet_createSession', expiring)
    ports.setNow(Date.parse('2026-01-02T00:00:00Z'))
    await Promise.all([
      engine.expireSessions(),
      engine.expireSessions(),
      call('wallet_getSession', {}),
    ])
    expect(ports.store.has(dapp)).toBe(false)
    expect(sessionChanges()).toEqual([expect.anything(), {}])
  })
})

describe('createMultichainEngine: connections and subscription events', () => {
  it('ends a closed connection’s subscriptions', async () => {
    const { engine, ports } = createHarness()
    await engine.connectionClosed('tab-3', dapp)
    expect(ports.nodeCalls).toEqual([
      { kind: 'unsubscribeAll', match: { origin: dapp, connection: 'tab-3' } },
    ])
  })

  it('delivers a subscription event as wallet_notify to the owning connection only', () => {
    const { engine, ports } = createHarness()
    const head = { number: '0x1b4', hash: `0x${'ab'.repeat(32)}` }
    engine.deliverSubscriptionEvent(
      { origin: dapp, connection: 'tab-2', chainId: 'eip155:31337' },
      '0x9ce59a13059e417087c02d3236a0b1cc',
      head,
    )
    expect(ports.sent).toEqual([
      {
        to: 'connection',
        connection: 'tab-2',
        notification: {
          jsonrpc: '2.0',
          method: 'wallet_notify',
          params: {
            scope: 'eip155:31337',
            notification: {
              method: 'eth_subscription',
              params: { subscription: '0x9ce59a13059e417087c02d3236a0b1cc', result: head },
            },
          },
        },
      },
    ])
  })
})

describe('createMultichainEngine under abuse (issue 11)', () => {
  const wireBytes = (answer: Answer) => new TextEncoder().encode(JSON.stringify(answer)).length

  it('answers params nested 100,000 deep with a bounded -32602, never -32603', async () => {
    const { call } = createHarness()
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    for (const method of ['wallet_createSession', 'wallet_invokeMethod']) {
      expect(
        await call(method, { scope: 'eip155:1', request: { method: 'eth_call', params: deep } }),
      ).toMatchObject({
        error: {
          code: -32602,
          data: {
            problems: [{ path: 'params', message: 'must not nest deeper than 64 levels' }],
          },
        },
      })
    }
  })

  it('answers a wallet_createSession of 20,000 bad scopes with the first 50 problems, under 16 KB', async () => {
    const { call } = createHarness()
    const requiredScopes = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, index) => [`${'x'.repeat(500)}${index}`, 7]),
    )
    const answer = await call('wallet_createSession', { requiredScopes })
    expect(answer.error?.code).toBe(-32602)
    expect(answer.error?.data).toMatchObject({ count: 40_000 })
    expect((answer.error?.data as { problems?: unknown[] } | undefined)?.problems).toHaveLength(50)
    expect(wireBytes(answer)).toBeLessThanOrEqual(maxErrorBytes)
  })

  it('refuses an origin’s requests beyond its pending cap with -32005, and serves other origins', async () => {
    const { engine, ports, call } = createHarness()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const get = ports.sessions.get
    ports.sessions.get = async (origin) => {
      if (origin === dapp) await gate
      return get(origin)
    }
    const flood = Array.from({ length: defaultMaxPendingPerOrigin + 20 }, (_, index) =>
      engine.handleRequest(dapp, 'tab-1', {
        jsonrpc: '2.0',
        id: index,
        method: 'wallet_getSession',
        params: {},
      }),
    )
    expect(await call('wallet_getSession', {}, otherDapp)).toMatchObject({
      result: { sessionScopes: {}, sessionProperties: {} },
    })
    const refusedAtOnce = await Promise.race([flood[defaultMaxPendingPerOrigin], gate])
    expect(refusedAtOnce).toEqual({
      jsonrpc: '2.0',
      id: defaultMaxPendingPerOrigin,
      error: {
        code: -32005,
        message: `too many pending requests: at most ${defaultMaxPendingPerOrigin} per origin; wait for answers`,
        data: { limit: defaultMaxPendingPerOrigin },
      },
    })
    release()
    const answers = await Promise.all(flood)
    expect(answers.filter((answer) => 'result' in answer)).toHaveLength(defaultMaxPendingPerOrigin)
    expect(await call('wallet_getSession', {})).toMatchObject({ result: { sessionScopes: {} } })
  })

  it('takes its pending cap from its options', async () => {
    const { ports } = createHarness()
    const engine = createMultichainEngine(ports, { maxPendingPerOrigin: 1 })
    const request = { jsonrpc: '2.0', id: 1, method: 'wallet_getSession', params: {} }
    const [first, second] = await Promise.all([
      engine.handleRequest(dapp, 'tab-1', request),
      engine.handleRequest(dapp, 'tab-1', request),
    ])
    expect(first).toMatchObject({ result: { sessionScopes: {} } })
    expect(second).toMatchObject({ error: { code: -32005, data: { limit: 1 } } })
  })
})
