import { describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../rpc/errors.ts'
import { defaultInFlightPerOrigin, defaultMaxWaitingPerOrigin } from './createOriginQueue.ts'
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

  /** A session on mainnet for `origin`, and the node calls held until `release()`. */
  const heldNodes = async (origins: string[] = [dapp]) => {
    const harness = createHarness()
    for (const origin of origins) await harness.call('wallet_createSession', mainnetRequest, origin)
    const held: Array<{ params: unknown; answer: () => void }> = []
    let open = false
    let running = 0
    let mostRunning = 0
    harness.ports.nodes.request = (_chainId, _method, params) => {
      running += 1
      mostRunning = Math.max(mostRunning, running)
      return new Promise((resolve) => {
        const answer = () => {
          running -= 1
          resolve({ result: (params as string[])[1] ?? null })
        }
        if (open) queueMicrotask(answer)
        else held.push({ params, answer })
      })
    }
    /** Answers every held call, and from now on every call as it comes. */
    const release = (): void => {
      open = true
      for (const call of held.splice(0)) call.answer()
    }
    const read = (index: number, origin = dapp) =>
      harness.engine.handleRequest(origin, 'tab-1', {
        jsonrpc: '2.0',
        id: index,
        method: 'wallet_invokeMethod',
        params: {
          scope: 'eip155:1',
          request: { method: 'eth_getBalance', params: [alice, `0x${index.toString(16)}`] },
        },
      })
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    return { ...harness, held, release, read, settle, mostRunning: () => mostRunning }
  }

  it(`serves a burst of 1,000 reads of one origin ${defaultInFlightPerOrigin} at a time, in order, each answered with its own result`, async () => {
    const { held, release, read, settle, mostRunning } = await heldNodes()
    const burst = Array.from({ length: 1_000 }, (_, index) => read(index))
    await settle()
    expect(held.map(({ params }) => (params as string[])[1])).toEqual(['0x0', '0x1', '0x2', '0x3'])
    release()
    const answers = await Promise.all(burst)
    expect(answers).toEqual(
      answers.map((_, index) => ({ jsonrpc: '2.0', id: index, result: `0x${index.toString(16)}` })),
    )
    expect(mostRunning()).toBe(defaultInFlightPerOrigin)
  })

  it('starts another origin’s read at once while one origin’s burst waits', async () => {
    const { held, release, read, settle } = await heldNodes([dapp, otherDapp])
    const burst = Array.from({ length: 1_000 }, (_, index) => read(index))
    await settle()
    const other = read(5_000, otherDapp)
    await settle()
    expect(held.map(({ params }) => (params as string[])[1])).toContain('0x1388')
    held.find(({ params }) => (params as string[])[1] === '0x1388')?.answer()
    expect(await other).toEqual({ jsonrpc: '2.0', id: 5_000, result: '0x1388' })
    expect(held).toHaveLength(defaultInFlightPerOrigin + 1)
    release()
    expect(await Promise.all(burst)).toHaveLength(1_000)
  })

  it(`refuses a read beyond ${defaultMaxWaitingPerOrigin.toLocaleString('en')} waiting with -32005 that says so, and serves the origin again once answered`, async () => {
    const { release, read, settle } = await heldNodes()
    const accepted = defaultInFlightPerOrigin + defaultMaxWaitingPerOrigin
    const burst = Array.from({ length: accepted }, (_, index) => read(index))
    await settle()
    expect(await read(accepted)).toEqual({
      jsonrpc: '2.0',
      id: accepted,
      error: {
        code: -32005,
        message: `too many requests waiting: ${defaultMaxWaitingPerOrigin} calls of this origin are queued for the node already; wait for answers`,
        data: { limit: defaultMaxWaitingPerOrigin },
      },
    })
    release()
    const answers = await Promise.all(burst)
    expect(answers.every((answer) => 'result' in answer)).toBe(true)
    expect(await read(1)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
  })

  it('answers wallet_getSession at once while the origin’s reads wait for the node', async () => {
    const { call, release, read, settle } = await heldNodes()
    const burst = Array.from({ length: 100 }, (_, index) => read(index))
    await settle()
    expect(await call('wallet_getSession', {})).toMatchObject({
      result: { sessionScopes: { 'eip155:1': {} } },
    })
    release()
    await Promise.all(burst)
  })
})
