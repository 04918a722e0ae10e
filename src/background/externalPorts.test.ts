import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EngineResponse, MultichainEngine } from '../core/multichain/ports.ts'
import type { ExternalPortMessage } from '../core/protocol/externalPort.ts'
import { resultPartLength } from '../core/protocol/resultParts.ts'
import { createRecentAnswers, recentAnswerBytes } from '../core/wallet/createRecentAnswers.ts'
import { createConnectionRegistry } from './connections.ts'
import { createExternalPortServer, type ExternalPort } from './externalPorts.ts'
import type { PageAnswer, PortSender } from './pagePorts.ts'
import { createRecentAnswersStore } from './signingStores.ts'
import { createStorage } from './storage.ts'
import { createMemoryStorageArea } from './testing/memoryStorage.ts'

const dapp = 'https://app.example'
const documentId = '6B2A1C0F3E9D8B7A6C5D4E3F2A1B0C9D'
const webPage: PortSender = { origin: dapp, url: `${dapp}/swap`, documentId }
/** Another document of the same origin (another tab, or the page after a navigation). */
const otherDocument: PortSender = { ...webPage, documentId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90' }
const lastingName = 'aperture-lasting:6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c'

/** A port a web page opened with `chrome.runtime.connect(<id>)`: the test speaks for the page. */
function fakePort(sender: PortSender | undefined, name = '') {
  const listeners: Array<(message: unknown) => void> = []
  const dropListeners: Array<() => void> = []
  const port: ExternalPort & {
    received: ExternalPortMessage[]
    disconnected: boolean
    send(message: unknown): void
    drop(): void
  } = {
    name,
    sender,
    received: [],
    disconnected: false,
    postMessage: (message) => port.received.push(message),
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

/** An engine that records calls and answers with `answer(request)`. */
function fakeEngine(answer: (id: number, method: string) => EngineResponse) {
  const calls: Array<{ origin: string; connection: string; request: unknown }> = []
  const closed: Array<{ connection: string; origin: string }> = []
  const engine = {
    calls,
    closed,
    async handleRequest(origin: string, connection: string, request: unknown) {
      calls.push({ origin, connection, request })
      const { id, method } = request as { id: number; method: string }
      return answer(id, method)
    },
    async connectionClosed(connection: string, origin: string) {
      closed.push({ connection, origin })
    },
  }
  return engine
}

const sessionAnswer = (id: number): EngineResponse => ({
  jsonrpc: '2.0',
  id,
  result: { sessionScopes: {}, sessionProperties: {} },
})

function createServer(answer: (id: number, method: string) => EngineResponse = sessionAnswer) {
  const engine = fakeEngine(answer)
  const connections = createConnectionRegistry()
  const recent = new Map<string, unknown>()
  let ids = 0
  const serve = createExternalPortServer({
    engine: engine as unknown as MultichainEngine,
    connections,
    approvals: { expect: () => undefined, answered: async () => undefined },
    confirmations: {
      release: async () => undefined,
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
    randomId: () => `port-${++ids}`,
  })
  return { serve, engine, notifier: connections.notifier }
}

const request = (id: number, method = 'wallet_getSession') => ({
  type: 'caip-348',
  data: { jsonrpc: '2.0', id, method, params: {} },
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createExternalPortServer', () => {
  it('disconnects a sender that is not an http(s) page, or is another extension', () => {
    const { serve } = createServer()
    for (const sender of [
      undefined,
      { ...webPage, origin: 'null' },
      { origin: 'file://', url: 'file:///tmp/dapp.html' },
      { ...webPage, id: 'nkbihfbeogaeaoehlefnkodbefgpgknn' },
    ]) {
      const port = fakePort(sender)
      serve(port)
      expect(port.disconnected).toBe(true)
    }
  })

  it('answers a caip-348 request in the same wire, for the origin the browser named', async () => {
    const { serve, engine } = createServer()
    const port = fakePort(webPage)
    serve(port)
    port.send({ ...request(7), origin: 'https://evil.example' })
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(engine.calls[0]).toMatchObject({ origin: dapp, connection: `external:${dapp}#port-1` })
    expect(port.received).toEqual([
      { type: 'caip-348', data: sessionAnswer(7) as unknown as ExternalPortMessage['data'] },
    ])
  })

  it("ignores the client's 'ping', other types and notifications, without an answer", async () => {
    const { serve, engine } = createServer()
    const port = fakePort(webPage)
    serve(port)
    port.send('ping')
    port.send({ type: 'caip-27', data: request(1).data })
    port.send({ type: 'caip-348', data: { jsonrpc: '2.0', method: 'wallet_getSession' } })
    port.send(request(2))
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(engine.calls).toHaveLength(1)
    expect(port.disconnected).toBe(false)
  })

  it('sends notifications of the origin to its external ports in the client wire', () => {
    const { serve, notifier } = createServer()
    const port = fakePort(webPage)
    serve(port)
    const changed = {
      jsonrpc: '2.0' as const,
      method: 'wallet_sessionChanged',
      params: { sessionScopes: {} },
    }
    notifier.toOrigin(dapp, changed)
    notifier.toOrigin('https://other.example', changed)
    expect(port.received).toEqual([{ type: 'caip-348', data: changed }])
  })

  it("parses a node's result text for a page script's port, whole even when it came in pieces", async () => {
    const logs = Array.from({ length: 3_000 }, (_, index) => ({
      logIndex: `0x${index.toString(16)}`,
      data: `0x${'ab'.repeat(64)}`,
    }))
    const resultJson = JSON.stringify(logs)
    expect(resultJson.length).toBeGreaterThan(resultPartLength)
    const { serve } = createServer((id) => ({ jsonrpc: '2.0', id, resultJson }))
    const port = fakePort(webPage)
    serve(port)
    port.send(request(3, 'wallet_invokeMethod'))
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(port.received[0]).toEqual({
      type: 'caip-348',
      data: { jsonrpc: '2.0', id: 3, result: logs },
    })
  })

  it("leaves the result text for Aperture's lasting port, which parses it in the page", async () => {
    const { serve } = createServer((id) => ({ jsonrpc: '2.0', id, resultJson: '["0x1"]' }))
    const port = fakePort(webPage, lastingName)
    serve(port)
    port.send(request(4, 'wallet_invokeMethod'))
    await vi.waitFor(() => expect(port.received).toHaveLength(1))
    expect(port.received[0]).toEqual({
      type: 'caip-348',
      data: { jsonrpc: '2.0', id: 4, resultJson: '["0x1"]' },
    })
  })

  it('keeps the connection of a lasting port across a reconnect: a re-sent request runs once', async () => {
    const { serve, engine } = createServer()
    const first = fakePort(webPage, lastingName)
    serve(first)
    first.send(request(5, 'wallet_createSession'))
    await vi.waitFor(() => expect(first.received).toHaveLength(1))
    first.drop()
    const again = fakePort(webPage, lastingName)
    serve(again)
    again.send(request(5, 'wallet_createSession'))
    await vi.waitFor(() => expect(again.received).toHaveLength(1))
    expect(engine.calls).toHaveLength(1)
    expect(again.received).toEqual(first.received)
  })

  it("gives another document naming the same lasting port a connection of its own: it gets nothing of the first document's", async () => {
    const { serve, engine } = createServer()
    const first = fakePort(webPage, lastingName)
    serve(first)
    first.send(request(5, 'wallet_createSession'))
    await vi.waitFor(() => expect(first.received).toHaveLength(1))
    const intruder = fakePort(otherDocument, lastingName)
    serve(intruder)
    intruder.send(request(5, 'wallet_createSession'))
    await vi.waitFor(() => expect(intruder.received).toHaveLength(1))
    expect(engine.calls.map(({ connection }) => connection)).toEqual([
      `external:${dapp}#${documentId}#6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c`,
      `external:${dapp}#A1B2C3D4E5F60718293A4B5C6D7E8F90#6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c`,
    ])
    expect(first.received).toHaveLength(1)
  })

  it('ends the subscriptions of a port that dropped and did not come back within the grace', async () => {
    vi.useFakeTimers()
    const { serve, engine } = createServer()
    const lasting = fakePort(webPage, lastingName)
    serve(lasting)
    lasting.drop()
    const back = fakePort(webPage, lastingName)
    serve(back)
    const plain = fakePort(webPage)
    serve(plain)
    plain.drop()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(engine.closed).toEqual([{ connection: `external:${dapp}#port-1`, origin: dapp }])
  })
})
