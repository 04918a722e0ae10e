import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createWebSocketRpcClient,
  type WebSocketEvents,
  WebSocketRpcError,
} from './createWebSocketRpcClient.ts'

const url = 'ws://127.0.0.1:8545/ws/v3/dev'
const subscription = `0x${'cd'.repeat(16)}`

/** A socket driven by the test: it opens, answers and closes only when told to. */
type ScriptedSocket = { events: WebSocketEvents; sent: string[]; closed: boolean }

function scriptedClient(options: { onLost?: () => void } = {}) {
  const sockets: ScriptedSocket[] = []
  const notifications: Array<[string, unknown]> = []
  const methods: string[] = []
  const warnings: string[] = []
  const client = createWebSocketRpcClient({
    url,
    openTimeoutMs: 1_000,
    requestTimeoutMs: 2_000,
    connect(events) {
      const socket: ScriptedSocket = { events, sent: [], closed: false }
      sockets.push(socket)
      return {
        send: (text) => socket.sent.push(text),
        close: () => {
          socket.closed = true
        },
      }
    },
    onNotification: (id, result, method) => {
      notifications.push([id, result])
      methods.push(method)
    },
    onLost: options.onLost ?? (() => undefined),
    warn: (message) => warnings.push(message),
  })
  const socket = (index = 0): ScriptedSocket => {
    const found = sockets[index]
    if (!found) throw new Error(`no socket ${index}`)
    return found
  }
  return { client, sockets, socket, notifications, methods, warnings }
}

/** Lets the client's awaited open() continue to its send. */
const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createWebSocketRpcClient', () => {
  it('opens one socket for the requests made while it opens and matches answers by id', async () => {
    const { client, sockets, socket } = scriptedClient()
    const first = client.request('eth_chainId', [])
    const second = client.request('eth_blockNumber', [])
    expect(sockets).toHaveLength(1)
    socket().events.open()
    await flush()
    expect(socket().sent.map((frame) => JSON.parse(frame))).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
    ])
    socket().events.message('{"jsonrpc":"2.0","id":2,"result":"0x1b4"}')
    socket().events.message('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    await expect(first).resolves.toEqual({ result: '0x7a69' })
    await expect(second).resolves.toEqual({ result: '0x1b4' })
  })

  it('resolves a node error as an error answer, verbatim', async () => {
    const { client, socket } = scriptedClient()
    const answer = client.request('eth_subscribe', ['nope'])
    socket().events.open()
    await flush()
    socket().events.message(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown variant `nope`"}}',
    )
    await expect(answer).resolves.toEqual({
      error: { code: -32602, message: 'unknown variant `nope`' },
    })
  })

  it('routes eth_subscription notifications by the node subscription id', async () => {
    const { client, socket, notifications } = scriptedClient()
    const answer = client.request('eth_subscribe', ['newHeads'])
    socket().events.open()
    await flush()
    socket().events.message(`{"jsonrpc":"2.0","id":1,"result":"${subscription}"}`)
    await answer
    socket().events.message(
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${subscription}","result":{"number":"0x2"}}}`,
    )
    expect(notifications).toEqual([[subscription, { number: '0x2' }]])
  })

  it("routes Solana's notifications (numeric ids, their own method) by the id as text", async () => {
    const { client, socket, notifications, methods } = scriptedClient()
    const answer = client.request('slotSubscribe', [])
    socket().events.open()
    await flush()
    socket().events.message('{"jsonrpc":"2.0","id":1,"result":0}')
    await expect(answer).resolves.toEqual({ result: 0 })
    socket().events.message(
      '{"jsonrpc":"2.0","method":"slotNotification","params":{"result":{"slot":61},"subscription":0}}',
    )
    expect(notifications).toEqual([['0', { slot: 61 }]])
    expect(methods).toEqual(['slotNotification'])
  })

  it('warns about frames that are not JSON-RPC objects and keeps serving', async () => {
    const { client, socket, warnings } = scriptedClient()
    const answer = client.request('eth_chainId', [])
    socket().events.open()
    await flush()
    for (const frame of ['not json', 'null', '[]']) socket().events.message(frame)
    socket().events.message('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    await expect(answer).resolves.toEqual({ result: '0x7a69' })
    expect(warnings).toEqual([
      `${url} sent a frame that is not JSON`,
      `${url} sent a frame that is not a JSON-RPC object`,
      `${url} sent a frame that is not a JSON-RPC object`,
    ])
  })

  it('fails what is in flight when an open socket drops, and reports the loss', async () => {
    const onLost = vi.fn()
    const { client, socket } = scriptedClient({ onLost })
    const answer = client.request('eth_chainId', [])
    socket().events.open()
    await flush()
    socket().events.close(1006)
    await expect(answer).rejects.toEqual(
      new WebSocketRpcError('closed', `WebSocket ${url} closed (1006)`),
    )
    expect(onLost).toHaveBeenCalledTimes(1)
  })

  it('does not report a loss for a socket that never opened or that it closed itself', async () => {
    const onLost = vi.fn()
    const { client, socket } = scriptedClient({ onLost })
    const refused = client.request('eth_chainId', [])
    socket(0).events.close(1006)
    await expect(refused).rejects.toThrow(`WebSocket ${url} closed (1006)`)
    const answered = client.request('eth_chainId', [])
    socket(1).events.open()
    await flush()
    socket(1).events.message('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    await answered
    client.close()
    expect(socket(1).closed).toBe(true)
    socket(1).events.close(1000)
    expect(onLost).not.toHaveBeenCalled()
  })

  it('gives up on a socket that does not open in time and ignores its late events', async () => {
    const { client, socket, sockets } = scriptedClient()
    const late = client.request('eth_chainId', [])
    const failed = expect(late).rejects.toEqual(
      new WebSocketRpcError('open-timeout', `WebSocket ${url} did not open within 1000 ms`),
    )
    await vi.advanceTimersByTimeAsync(1_000)
    await failed
    expect(socket(0).closed).toBe(true)
    const next = client.request('eth_chainId', [])
    expect(sockets).toHaveLength(2)
    socket(1).events.open()
    socket(0).events.close(1006)
    await flush()
    socket(1).events.message('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    await expect(next).resolves.toEqual({ result: '0x7a69' })
  })

  it('fails a request the node does not answer in time and clears every timer', async () => {
    const { client, socket } = scriptedClient()
    const answer = client.request('eth_getLogs', [{}])
    socket().events.open()
    await flush()
    const failed = expect(answer).rejects.toEqual(
      new WebSocketRpcError('timeout', `eth_getLogs to ${url} timed out after 2000 ms`),
    )
    await vi.advanceTimersByTimeAsync(2_000)
    await failed
    socket().events.message('{"jsonrpc":"2.0","id":1,"result":[]}')
    expect(vi.getTimerCount()).toBe(0)
  })
})
