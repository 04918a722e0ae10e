import { describe, expect, it, vi } from 'vitest'
import type { BackgroundMessage, ContentMessage } from '../core/protocol/connection.ts'
import type { PagePortMessage } from '../core/protocol/pagePort.ts'
import { type ContentPort, createBridge } from './createBridge.ts'

/** The content script's ports to a fake worker: the test speaks for the worker. */
function fakeWorker() {
  const ports: Array<
    ContentPort & { sent: ContentMessage[]; reply(message: BackgroundMessage): void; drop(): void }
  > = []
  return {
    ports,
    connect(): ContentPort {
      const sent: ContentMessage[] = []
      const listeners: Array<(message: BackgroundMessage) => void> = []
      const dropListeners: Array<() => void> = []
      const port = {
        sent,
        postMessage: (message: ContentMessage) => sent.push(message),
        disconnect: () => {},
        onMessage: {
          addListener: (listener: (message: BackgroundMessage) => void) => listeners.push(listener),
        },
        onDisconnect: { addListener: (listener: () => void) => dropListeners.push(listener) },
        reply: (message: BackgroundMessage) => {
          for (const listener of listeners) listener(message)
        },
        drop: () => {
          for (const listener of dropListeners) listener()
        },
      }
      ports.push(port)
      return port
    },
  }
}

function createPage() {
  const received: unknown[] = []
  let handler: (message: unknown) => void = () => {}
  return {
    received,
    end: {
      send: (message: unknown) => received.push(message),
      onMessage: (listener: (message: unknown) => void) => {
        handler = listener
      },
    },
    request: (message: unknown) => handler(message),
  }
}

/** A page that took the page port: what the content script posts on it, in order. */
function createPageWithPort() {
  const page = createPage()
  const onPort: PagePortMessage[] = []
  return {
    ...page,
    onPort,
    end: { ...page.end, port: { postMessage: (message: PagePortMessage) => onPort.push(message) } },
  }
}

const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'wallet_getSession', params: {} })
const response = (id: number, result: unknown = {}) =>
  ({ type: 'response', response: { jsonrpc: '2.0', id, result } }) as BackgroundMessage

/**
 * The worker's side of request 7's answer across a port change: its first piece on the port that
 * drops; on the new port the rest of that answer (its first piece missed), then, asked again, the
 * whole answer. `look(step)` runs after each step, for the test to see what the bridge did.
 */
async function answerAcrossPortChange(
  worker: ReturnType<typeof fakeWorker>,
  look: (step: 'dropped' | 'missed' | 'answered', asked: ContentMessage[]) => void,
): Promise<void> {
  const [first] = worker.ports
  first?.reply({ type: 'resultPart', id: 7, text: '["0x1",' })
  first?.drop()
  look('dropped', [])
  await vi.waitFor(() => expect(worker.ports).toHaveLength(2))
  const second = worker.ports[1]
  const asked = () => second?.sent.filter((message) => message.type === 'request') ?? []
  second?.reply({ type: 'resultPart', id: 7, text: '"0x2",' })
  second?.reply({
    type: 'response',
    response: { jsonrpc: '2.0', id: 7, resultJson: '"0x3"]' },
    partsLength: 13,
  })
  look('missed', asked())
  second?.reply({ type: 'resultPart', id: 7, text: '["0x1",' })
  second?.reply({
    type: 'response',
    response: { jsonrpc: '2.0', id: 7, resultJson: '"0x2","0x3"]' },
    partsLength: 7,
  })
  look('answered', asked())
}

describe('createBridge', () => {
  it('says hello with its connection id, then forwards requests and answers', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(1))
    const [port] = worker.ports
    expect(port?.sent).toEqual([
      { type: 'hello', connectionId: expect.any(String) },
      { type: 'request', request: request(1) },
    ])
    port?.reply(response(1, { sessionScopes: {} }))
    expect(page.received).toEqual([{ jsonrpc: '2.0', id: 1, result: { sessionScopes: {} } }])
  })

  it('keeps each page API apart: tagged on the port, the same id in two APIs answered to each', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    const chainId = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    page.request(request(1))
    page.request({ api: 'eip1193', data: chainId })
    const [port] = worker.ports
    expect(port?.sent.slice(1)).toEqual([
      { type: 'request', request: request(1) },
      { type: 'request', request: chainId, api: 'eip1193' },
    ])
    port?.reply({
      type: 'response',
      api: 'eip1193',
      response: { jsonrpc: '2.0', id: 1, result: '0x7a69' },
    })
    port?.reply({
      type: 'notification',
      api: 'eip1193',
      notification: { jsonrpc: '2.0', method: 'accountsChanged', params: [] },
    })
    port?.reply(response(1))
    expect(page.received).toEqual([
      { api: 'eip1193', data: { jsonrpc: '2.0', id: 1, result: '0x7a69' } },
      { api: 'eip1193', data: { jsonrpc: '2.0', method: 'accountsChanged', params: [] } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ])
  })

  it('tells every page API when the wallet is gone for good (the extension cannot be reached)', async () => {
    const worker = fakeWorker()
    const page = createPage()
    let reachable = true
    createBridge(page.end, () => {
      if (!reachable) throw new Error('Extension context invalidated.')
      return worker.connect()
    })
    reachable = false
    const [port] = worker.ports
    port?.reply(response(9))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    port?.drop()
    // A port that drops within a second of opening is retried after a short delay.
    await vi.waitFor(() => expect(page.received).toHaveLength(3))
    expect(page.received).toEqual([
      { jsonrpc: '2.0', method: 'disconnect' },
      { api: 'eip1193', data: { jsonrpc: '2.0', method: 'disconnect' } },
      { api: 'solana', data: { jsonrpc: '2.0', method: 'disconnect' } },
    ])
  })

  it('reconnects when the port drops and re-sends what has no answer yet, under the same connection id', async () => {
    const worker = fakeWorker()
    const page = createPage()
    let drops = 0
    createBridge(page.end, worker.connect, () => {
      drops += 1
    })
    page.request(request(1))
    page.request(request(2))
    const [first] = worker.ports
    first?.reply(response(1))
    first?.drop()
    expect(drops).toBe(1)
    // A port that drops within a second of opening is retried after a short delay.
    await vi.waitFor(() => expect(worker.ports).toHaveLength(2))
    const second = worker.ports[1]
    const hello = first?.sent[0]
    expect(second?.sent).toEqual([hello, { type: 'request', request: request(2) }])
    second?.reply(response(2))
    expect(page.received).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
  })

  it('answers each request to the page once, even when the worker answers twice', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(1))
    page.request(request(1))
    const [port] = worker.ports
    expect(port?.sent.filter((message) => message.type === 'request')).toHaveLength(1)
    port?.reply(response(1))
    port?.reply(response(1))
    expect(page.received).toHaveLength(1)
  })

  it('puts a result sent in pieces back together, and forwards notifications', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(5))
    const [port] = worker.ports
    port?.reply({ type: 'resultPart', id: 5, text: '["0x1",' })
    port?.reply({ type: 'response', response: { jsonrpc: '2.0', id: 5, resultJson: '"0x2"]' } })
    const notification = {
      jsonrpc: '2.0' as const,
      method: 'wallet_sessionChanged',
      params: { sessionScopes: {} },
    }
    port?.reply({ type: 'notification', notification })
    expect(page.received).toEqual([
      { jsonrpc: '2.0', id: 5, resultJson: '["0x1","0x2"]' },
      notification,
    ])
  })

  it('answers a result whose pieces went ahead once they add up to the length the response names', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(6))
    const [port] = worker.ports
    port?.reply({ type: 'resultPart', id: 6, text: '["0x1",' })
    port?.reply({ type: 'resultPart', id: 6, text: '"0x2",' })
    port?.reply({
      type: 'response',
      response: { jsonrpc: '2.0', id: 6, resultJson: '"0x3"]' },
      partsLength: 13,
    })
    expect(page.received).toEqual([{ jsonrpc: '2.0', id: 6, resultJson: '["0x1","0x2","0x3"]' }])
  })

  it('asks again when pieces sent ahead were missed (its port changed meanwhile), and answers the next answer', async () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(7))
    await answerAcrossPortChange(worker, (step, asked) => {
      if (step === 'missed') {
        expect(page.received).toEqual([])
        // Re-sent once on reconnecting (unanswered), once more for the missed pieces.
        expect(asked).toHaveLength(2)
      }
    })
    expect(page.received).toEqual([{ jsonrpc: '2.0', id: 7, resultJson: '["0x1","0x2","0x3"]' }])
  })

  it('gives up with -32603 when pieces keep being missed', () => {
    const worker = fakeWorker()
    const page = createPage()
    createBridge(page.end, worker.connect)
    page.request(request(8))
    const [port] = worker.ports
    for (let attempt = 0; attempt < 4; attempt += 1) {
      port?.reply({
        type: 'response',
        response: { jsonrpc: '2.0', id: 8, resultJson: ']' },
        partsLength: 5,
      })
    }
    expect(port?.sent.filter((message) => message.type === 'request')).toHaveLength(4)
    expect(page.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 8,
        error: { code: -32603, message: 'Internal error', data: { cause: expect.any(String) } },
      },
    ])
  })
  describe('with the page port', () => {
    it('posts each piece to the page as it arrives, then the response after them; short answers stay on the stream', () => {
      const worker = fakeWorker()
      const page = createPageWithPort()
      createBridge(page.end, worker.connect)
      page.request(request(5))
      page.request({ api: 'eip1193', data: { jsonrpc: '2.0', id: 5, method: 'eth_getLogs' } })
      page.request(request(6))
      const [port] = worker.ports
      port?.reply({ type: 'resultPart', id: 5, text: '["0x1",' })
      expect(page.onPort).toEqual([{ type: 'resultPart', id: 5, text: '["0x1",' }])
      port?.reply({ type: 'resultPart', id: 5, text: '"0x2",', api: 'eip1193' })
      port?.reply({
        type: 'response',
        response: { jsonrpc: '2.0', id: 5, resultJson: '"0x3"]' },
        partsLength: 7,
      })
      port?.reply({
        type: 'response',
        api: 'eip1193',
        response: { jsonrpc: '2.0', id: 5, resultJson: '"0x4"]' },
        partsLength: 6,
      })
      port?.reply(response(6))
      expect(page.onPort).toEqual([
        { type: 'resultPart', id: 5, text: '["0x1",' },
        { type: 'resultPart', id: 5, text: '"0x2",', api: 'eip1193' },
        { type: 'response', response: { jsonrpc: '2.0', id: 5, resultJson: '"0x3"]' } },
        {
          type: 'response',
          api: 'eip1193',
          response: { jsonrpc: '2.0', id: 5, resultJson: '"0x4"]' },
        },
      ])
      expect(page.received).toEqual([{ jsonrpc: '2.0', id: 6, result: {} }])
    })

    it('tells the page to drop the pieces of the old port when it changes, and sends the next answer whole', async () => {
      const worker = fakeWorker()
      const page = createPageWithPort()
      createBridge(page.end, worker.connect)
      page.request(request(7))
      await answerAcrossPortChange(worker, (step) => {
        const dropped = { type: 'resultDropped', id: 7 }
        if (step === 'dropped') expect(page.onPort.at(-1)).toEqual(dropped)
        if (step === 'missed') {
          expect(page.onPort.slice(-2)).toEqual([
            { type: 'resultPart', id: 7, text: '"0x2",' },
            dropped,
          ])
        }
      })
      expect(page.onPort.slice(-2)).toEqual([
        { type: 'resultPart', id: 7, text: '["0x1",' },
        { type: 'response', response: { jsonrpc: '2.0', id: 7, resultJson: '"0x2","0x3"]' } },
      ])
      expect(page.received).toEqual([])
    })

    it('answers an error that follows pieces on the page port, after them', () => {
      const worker = fakeWorker()
      const page = createPageWithPort()
      createBridge(page.end, worker.connect)
      page.request(request(8))
      const [port] = worker.ports
      const error = { code: -32603, message: 'Internal error' }
      port?.reply({ type: 'resultPart', id: 8, text: '["0x1",' })
      port?.reply({ type: 'response', response: { jsonrpc: '2.0', id: 8, error }, partsLength: 7 })
      expect(page.onPort).toEqual([
        { type: 'resultPart', id: 8, text: '["0x1",' },
        { type: 'response', response: { jsonrpc: '2.0', id: 8, error } },
      ])
    })
  })
})
