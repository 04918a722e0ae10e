import { describe, expect, it, vi } from 'vitest'
import type { BackgroundMessage, ContentMessage } from '../core/protocol/connection.ts'
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

const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'wallet_getSession', params: {} })
const response = (id: number, result: unknown = {}) =>
  ({ type: 'response', response: { jsonrpc: '2.0', id, result } }) as BackgroundMessage

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
    const [first] = worker.ports
    first?.reply({ type: 'resultPart', id: 7, text: '["0x1",' })
    first?.drop()
    await vi.waitFor(() => expect(worker.ports).toHaveLength(2))
    const second = worker.ports[1]
    // The rest of the first answer arrives on the new port, its first piece lost with the old one.
    second?.reply({ type: 'resultPart', id: 7, text: '"0x2",' })
    second?.reply({
      type: 'response',
      response: { jsonrpc: '2.0', id: 7, resultJson: '"0x3"]' },
      partsLength: 13,
    })
    expect(page.received).toEqual([])
    const asked = second?.sent.filter((message) => message.type === 'request') ?? []
    // Re-sent once on reconnecting (unanswered), once more for the missed pieces.
    expect(asked).toHaveLength(2)
    second?.reply({ type: 'resultPart', id: 7, text: '["0x1",' })
    second?.reply({
      type: 'response',
      response: { jsonrpc: '2.0', id: 7, resultJson: '"0x2","0x3"]' },
      partsLength: 7,
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
})
