import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletStandardApi } from '../core/multichain/createWalletStandardApi.ts'
import type { AnswerOptions, EngineResponse, MultichainEngine } from '../core/multichain/ports.ts'
import type { BackgroundMessage, ContentMessage } from '../core/protocol/connection.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import { resentRequestDiffers } from '../core/rpc/errors.ts'
import { maxIdLength } from '../core/rpc/parseRequest.ts'
import { failure } from '../core/rpc/response.ts'
import { createRecentAnswers, recentAnswerBytes } from '../core/wallet/createRecentAnswers.ts'
import { createConnectionRegistry } from './connections.ts'
import {
  createPagePortServer,
  type PageAnswer,
  type PagePort,
  type PagePortDependencies,
  type PortSender,
} from './pagePorts.ts'
import { createRecentAnswersStore } from './signingStores.ts'
import { createStorage } from './storage.ts'
import { createMemoryStorageArea } from './testing/memoryStorage.ts'

const extensionId = 'abcdefghijklmnopabcdefghijklmnop'
const dapp = 'https://app.example'
const pageSender: PortSender = { id: extensionId, origin: dapp, url: `${dapp}/swap` }

/** A content script's port as the worker sees it: the test speaks for the page. */
function fakePort(sender: PortSender | undefined) {
  const received: BackgroundMessage[] = []
  const listeners: Array<(message: ContentMessage) => void> = []
  const dropListeners: Array<() => void> = []
  const port: PagePort & {
    received: BackgroundMessage[]
    disconnected: boolean
    send(message: ContentMessage): void
    drop(): void
  } = {
    sender,
    received,
    disconnected: false,
    postMessage: (message) => received.push(message),
    disconnect: () => {
      port.disconnected = true
    },
    onMessage: { addListener: (listener) => listeners.push(listener) },
    onDisconnect: { addListener: (listener) => dropListeners.push(listener) },
    send: (message) => {
      for (const listener of listeners) listener(message)
    },
    drop: () => {
      for (const listener of dropListeners) listener()
    },
  }
  return port
}

/** An engine that records calls and answers each when the test releases it (or at once). */
function fakeEngine() {
  const calls: Array<{ origin: string; connection: string; request: unknown }> = []
  const closed: Array<{ connection: string; origin: string }> = []
  let hold: Promise<void> = Promise.resolve()
  const engine = {
    calls,
    closed,
    holdAnswers(): () => void {
      let release: () => void = () => {}
      hold = new Promise((resolve) => (release = resolve))
      return release
    },
    async handleRequest(origin: string, connection: string, request: unknown) {
      calls.push({ origin, connection, request })
      await hold
      const { id } = request as { id: number }
      return { jsonrpc: '2.0', id, result: `answer ${calls.length}` } as EngineResponse
    },
    async connectionClosed(connection: string, origin: string) {
      closed.push({ connection, origin })
    },
  }
  return engine
}

function createServer(
  engine = fakeEngine(),
  recent = new Map<string, unknown>(),
  apis: PagePortDependencies['apis'] = {},
) {
  const connections = createConnectionRegistry()
  const approvals = { expected: [] as string[], released: [] as string[] }
  const confirmations = { released: [] as string[] }
  const serve = createPagePortServer({
    extensionId,
    engine: engine as unknown as MultichainEngine,
    connections,
    approvals: {
      expect: (_origin, { requestKey }) => approvals.expected.push(requestKey),
      answered: async (_origin, { requestKey }) => {
        approvals.released.push(requestKey)
      },
    },
    confirmations: {
      release: async (_origin, { requestKey }) => {
        confirmations.released.push(requestKey)
      },
      keepWithAnswer: () => undefined,
      answeredUnwritten: async () => [],
    },
    answers: createRecentAnswers<PageAnswer>({
      store: createRecentAnswersStore(createStorage(createMemoryStorageArea(recent))),
      now: () => 1_000,
      keepMs: 60_000,
      limit: 100,
      ...recentAnswerBytes,
    }),
    closeGraceMs: 2_000,
    apis,
  })
  return { serve, engine, connections, approvals, confirmations, recent }
}

const request = (id: number, method = 'wallet_getSession', params: unknown = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createPagePortServer', () => {
  it('refuses a port whose sender is not a web page of this extension', () => {
    const { serve } = createServer()
    for (const sender of [
      undefined,
      { ...pageSender, id: 'another-extension' },
      { ...pageSender, origin: 'null' },
      { id: extensionId, url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/x.html' },
    ]) {
      const port = fakePort(sender)
      serve(port)
      expect(port.disconnected).toBe(true)
    }
  })

  it('routes a page API request to its server on the <connection>#<api> connection, answering it tagged', async () => {
    const connections = createConnectionRegistry()
    const handled: Array<{ origin: string; connection: string; request: unknown }> = []
    const serve = createPagePortServer({
      extensionId,
      engine: fakeEngine() as unknown as MultichainEngine,
      connections,
      approvals: { expect: () => undefined, answered: async () => undefined },
      confirmations: {
        release: async () => undefined,
        keepWithAnswer: () => undefined,
        answeredUnwritten: async () => [],
      },
      answers: createRecentAnswers<PageAnswer>({
        store: createRecentAnswersStore(createStorage(createMemoryStorageArea())),
        now: () => 0,
        keepMs: 60_000,
        limit: 100,
        ...recentAnswerBytes,
      }),
      apis: {
        eip1193: {
          handleRequest: async (origin, connection, request) => {
            handled.push({ origin, connection, request })
            return { jsonrpc: '2.0', id: 1, result: '0x7a69' }
          },
          resendRules: () => ({ replayed: false, approval: false, confirmation: false }),
        },
      },
    })
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', api: 'eip1193', request: request(1, 'eth_chainId') })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(handled).toEqual([
      { origin: dapp, connection: 'tab-1#eip1193', request: request(1, 'eth_chainId') },
    ])
    expect(port.received).toEqual([
      { type: 'response', api: 'eip1193', response: { jsonrpc: '2.0', id: 1, result: '0x7a69' } },
    ])
    connections
      .notifierFor('eip1193')
      .toOrigin(dapp, { jsonrpc: '2.0', method: 'accountsChanged', params: [] })
    connections.notifier.toOrigin(dapp, {
      jsonrpc: '2.0',
      method: 'wallet_sessionChanged',
      params: { sessionScopes: {} },
    })
    expect(port.received.slice(1)).toEqual([
      {
        type: 'notification',
        api: 'eip1193',
        notification: { jsonrpc: '2.0', method: 'accountsChanged', params: [] },
      },
      {
        type: 'notification',
        notification: {
          jsonrpc: '2.0',
          method: 'wallet_sessionChanged',
          params: { sessionScopes: {} },
        },
      },
    ])
  })

  it("answers a page's requests on its port, for the origin the browser named", async () => {
    const { serve, engine } = createServer()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', request: { ...request(1), origin: 'https://evil.example' } })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(engine.calls[0]).toMatchObject({ origin: dapp, connection: 'tab-1' })
    expect(port.received).toEqual([
      { type: 'response', response: { jsonrpc: '2.0', id: 1, result: 'answer 1' } },
    ])
  })

  it("sends a read's result pieces ahead of its response as the engine hands them on, and names their length", async () => {
    const offered: boolean[] = []
    const engine = {
      ...fakeEngine(),
      async handleRequest(
        _origin: string,
        _connection: string,
        request: unknown,
        options?: AnswerOptions,
      ) {
        offered.push(options?.onResultPiece !== undefined)
        const { id, method } = request as { id: number; method: string }
        if (method === 'wallet_createSession')
          return { jsonrpc: '2.0', id, result: {} } as EngineResponse
        options?.onResultPiece?.('["0x1",')
        options?.onResultPiece?.('"0x2",')
        return { jsonrpc: '2.0', id, resultJson: '"0x3"]' } as EngineResponse
      },
    }
    const { serve } = createServer(engine)
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', request: request(1, 'wallet_invokeMethod') })
    await vi.waitFor(() => expect(port.received).toHaveLength(3))
    expect(port.received).toEqual([
      { type: 'resultPart', id: 1, text: '["0x1",' },
      { type: 'resultPart', id: 1, text: '"0x2",' },
      {
        type: 'response',
        response: { jsonrpc: '2.0', id: 1, resultJson: '"0x3"]' },
        partsLength: 13,
      },
    ])
    // A request kept for its re-sends (it must not run twice) is answered whole.
    port.send({ type: 'request', request: request(2, 'wallet_createSession') })
    await vi.waitFor(() => expect(port.received).toHaveLength(4))
    expect(offered).toEqual([true, false])
  })

  it('ignores requests before hello', async () => {
    const { serve, engine } = createServer()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'request', request: request(1) })
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', request: request(2) })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(engine.calls.map(({ request }) => (request as { id: number }).id)).toEqual([2])
  })

  it('runs a request re-sent on a new port while its first copy runs once, answering on the new port', async () => {
    const { serve, engine } = createServer()
    const release = engine.holdAnswers()
    const first = fakePort(pageSender)
    serve(first)
    first.send({ type: 'hello', connectionId: 'tab-1' })
    first.send({ type: 'request', request: request(1) })
    first.drop()
    const second = fakePort(pageSender)
    serve(second)
    second.send({ type: 'hello', connectionId: 'tab-1' })
    second.send({ type: 'request', request: request(1) })
    release()
    await vi.waitFor(() => expect(second.received).toHaveLength(1))
    expect(engine.calls).toHaveLength(1)
    expect(first.received).toEqual([])
  })

  it('refuses -32602 another request sent under the id of one still running, which runs once and keeps its answer', async () => {
    const { serve, engine } = createServer()
    const release = engine.holdAnswers()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    const hello = { scope: 'eip155:31337', request: { method: 'personal_sign', params: ['0x68'] } }
    const permit = { ...hello, request: { method: 'eth_signTypedData_v4', params: ['{}'] } }
    port.send({ type: 'request', request: request(1, 'wallet_invokeMethod', hello) })
    port.send({ type: 'request', request: request(1, 'wallet_invokeMethod', permit) })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(port.received[0]).toMatchObject({
      type: 'response',
      response: { id: 1, error: { code: -32602 } },
    })
    release()
    await vi.waitFor(() => expect(port.received).toHaveLength(2))
    expect(engine.calls.map(({ request }) => request)).toEqual([
      request(1, 'wallet_invokeMethod', hello),
    ])
  })

  it('refuses -32602 another request re-sent after a restart under the key of a kept answer, running nothing', async () => {
    const recent = new Map<string, unknown>()
    const before = createServer(fakeEngine(), recent)
    const port = fakePort(pageSender)
    before.serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({
      type: 'request',
      request: request(3, 'wallet_createSession', { optionalScopes: {} }),
    })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))

    const after = createServer(fakeEngine(), recent)
    const again = fakePort(pageSender)
    after.serve(again)
    again.send({ type: 'hello', connectionId: 'tab-1' })
    const swapped = { optionalScopes: { 'eip155:1': { methods: ['eth_sendTransaction'] } } }
    again.send({ type: 'request', request: request(3, 'wallet_createSession', swapped) })
    await vi.waitFor(() => expect(again.received).toHaveLength(1))
    expect(again.received[0]).toMatchObject({
      type: 'response',
      response: { id: 3, error: { code: -32602 } },
    })
    expect(after.engine.calls).toEqual([])
    expect(after.approvals).toEqual({ expected: [], released: [] })
  })

  it.each([
    ['a string past maxIdLength', (n: number) => `${n}`.repeat(maxIdLength + 1)],
    ['an object', (n: number) => ({ nested: `${n}`.repeat(maxIdLength) })],
  ])(
    'keeps nothing for a request whose id the envelope refuses (%s): its key never reaches storage',
    async (_kind, idOf) => {
      const { serve, recent, approvals } = createServer()
      const port = fakePort(pageSender)
      serve(port)
      port.send({ type: 'hello', connectionId: 'tab-1' })
      port.send({
        type: 'request',
        request: { ...request(3, 'wallet_createSession'), id: idOf(3) },
      })
      port.send({
        type: 'request',
        request: { ...request(4, 'wallet_revokeSession'), id: idOf(4) },
      })
      await vi.waitFor(() => expect(port.received).toHaveLength(2))
      expect([...recent.keys()]).toEqual([])
      expect(approvals.expected).toEqual([])
    },
  )

  it('keeps no refusal of a request that came under a held key: the first request, re-sent, still runs', async () => {
    const engine = fakeEngine()
    const { serve, recent } = createServer({
      ...engine,
      async handleRequest(origin: string, connection: string, request: unknown) {
        const { id, params } = request as { id: number; params: { swapped?: boolean } }
        if (params.swapped) return failure(id, resentRequestDiffers())
        return engine.handleRequest(origin, connection, request)
      },
    })
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', request: request(3, 'wallet_createSession', { swapped: true }) })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect([...recent.keys()]).toEqual([])
    port.send({ type: 'request', request: request(3, 'wallet_createSession', {}) })
    await vi.waitFor(() => expect(port.received).toHaveLength(2))
    expect(port.received[1]).toEqual({
      type: 'response',
      response: { jsonrpc: '2.0', id: 3, result: 'answer 1' },
    })
    expect([...recent.keys()]).toEqual([`${sessionKeys.recentAnswerPrefix}tab-1/3`])
  })

  it('releases the confirmation of a signing request once its answer is kept, and of no other request', async () => {
    const { serve, confirmations } = createServer()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    const sign = {
      scope: 'eip155:31337',
      request: {
        method: 'personal_sign',
        params: ['0x00', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      },
    }
    port.send({ type: 'request', request: request(4, 'wallet_invokeMethod', sign) })
    const filter = { scope: 'eip155:31337', request: { method: 'eth_newBlockFilter' } }
    port.send({ type: 'request', request: request(5, 'wallet_invokeMethod', filter) })
    await vi.waitFor(() => expect(port.received).toHaveLength(2))
    expect(confirmations.released).toEqual(['tab-1/4'])
  })

  it('answers a re-sent wallet_createSession from the kept answer after a restart, without running it again', async () => {
    const recent = new Map<string, unknown>()
    const before = createServer(fakeEngine(), recent)
    const port = fakePort(pageSender)
    before.serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    const create = request(3, 'wallet_createSession', { optionalScopes: {} })
    port.send({ type: 'request', request: create })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(before.approvals.expected).toEqual(['tab-1/3'])
    expect(before.approvals.released).toEqual(['tab-1/3'])

    const after = createServer(fakeEngine(), recent)
    const again = fakePort(pageSender)
    after.serve(again)
    again.send({ type: 'hello', connectionId: 'tab-1' })
    again.send({ type: 'request', request: create })
    await vi.waitFor(() => expect(again.received).toHaveLength(1))
    expect(after.engine.calls).toEqual([])
    expect(again.received).toEqual(port.received)
  })

  it('runs a re-sent eth_getFilterChanges again after a restart when its answer was past the bound of a kept one, and replays a raw transaction as large', async () => {
    const recent = new Map<string, unknown>()
    /** An engine whose every answer is larger than a kept eth_getFilterChanges may be. */
    const largeAnswers = () => {
      const engine = fakeEngine()
      const answer = engine.handleRequest
      engine.handleRequest = async (origin, connection, request) =>
        ({
          ...(await answer(origin, connection, request)),
          result: 'x'.repeat(recentAnswerBytes.maxAnswerBytes),
        }) as EngineResponse
      return engine
    }
    const invoke = (id: number, method: string) =>
      request(id, 'wallet_invokeMethod', {
        scope: 'eip155:1',
        request: { method, params: ['0x1'] },
      })
    /** The page of tab-1 sends both requests to `server` and has both answers. */
    const sendBoth = async (server: ReturnType<typeof createServer>) => {
      const port = fakePort(pageSender)
      server.serve(port)
      port.send({ type: 'hello', connectionId: 'tab-1' })
      port.send({ type: 'request', request: invoke(3, 'eth_getFilterChanges') })
      port.send({ type: 'request', request: invoke(4, 'eth_sendRawTransaction') })
      await vi.waitFor(() => expect(port.received).toHaveLength(2))
    }
    await sendBoth(createServer(largeAnswers(), recent))
    expect([...recent.keys()]).toEqual(['recentAnswer:tab-1/4'])

    const after = createServer(largeAnswers(), recent)
    await sendBoth(after)
    expect(after.engine.calls.map(({ request }) => request)).toEqual([
      invoke(3, 'eth_getFilterChanges'),
    ])
  })

  it('answers a Solana wallet’s re-sent standard:connect from the kept answer after a restart: one approval, one connect', async () => {
    const recent = new Map<string, unknown>()
    const connects: unknown[] = []
    const engine = {
      connectNamespace: async (call: unknown) => {
        connects.push(call)
        return { sessionScopes: {}, sessionProperties: {} }
      },
      disconnectNamespace: async () => ({ sessionScopes: {}, sessionProperties: {} }),
    }
    const serverWithSolana = () =>
      createServer(fakeEngine(), recent, { solana: createWalletStandardApi(engine, 'solana') })
    const connect = request(3, 'standard:connect', { silent: false })
    const before = serverWithSolana()
    const port = fakePort(pageSender)
    before.serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.send({ type: 'request', api: 'solana', request: connect })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(before.approvals.expected).toEqual(['tab-1#solana/3'])
    expect(connects).toEqual([{ origin: dapp, namespace: 'solana', silent: false }])

    const after = serverWithSolana()
    const again = fakePort(pageSender)
    after.serve(again)
    again.send({ type: 'hello', connectionId: 'tab-1' })
    again.send({ type: 'request', api: 'solana', request: connect })
    await vi.waitFor(() => expect(again.received).toHaveLength(1))
    expect(connects).toHaveLength(1)
    expect(again.received).toEqual(port.received)
  })

  it('ends the subscriptions of a connection (each of its page APIs) whose port dropped and did not come back within the grace', async () => {
    vi.useFakeTimers()
    const { serve, engine } = createServer()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.drop()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(engine.closed).toEqual([
      { connection: 'tab-1', origin: dapp },
      { connection: 'tab-1#eip1193', origin: dapp },
      { connection: 'tab-1#solana', origin: dapp },
    ])
  })

  it('keeps the subscriptions of a connection that reconnected within the grace', async () => {
    vi.useFakeTimers()
    const { serve, engine } = createServer()
    const port = fakePort(pageSender)
    serve(port)
    port.send({ type: 'hello', connectionId: 'tab-1' })
    port.drop()
    const back = fakePort(pageSender)
    serve(back)
    back.send({ type: 'hello', connectionId: 'tab-1' })
    await vi.advanceTimersByTimeAsync(2_000)
    expect(engine.closed).toEqual([])
  })
})
