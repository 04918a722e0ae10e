import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createChainSocket } from './chainSocket.ts'

const url = 'ws://127.0.0.1:8545/ws/v3/0123456789abcdef0123456789abcdef'

/** A WebSocket that opens only when told to and answers nothing on its own. */
class ScriptedWebSocket {
  static last: ScriptedWebSocket | undefined
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  sent: string[] = []
  closed = false

  constructor(readonly url: string) {
    ScriptedWebSocket.last = this
  }

  send(frame: string): void {
    this.sent.push(frame)
  }

  close(): void {
    this.closed = true
  }

  open(): void {
    this.onopen?.()
  }

  receive(frame: string): void {
    this.onmessage?.({ data: frame })
  }
}

const noHandlers = { onEvent: () => undefined, onLost: () => undefined }

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('WebSocket', ScriptedWebSocket)
  ScriptedWebSocket.last = undefined
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const opened = async (): Promise<ScriptedWebSocket> => {
  await vi.advanceTimersByTimeAsync(0)
  const ws = ScriptedWebSocket.last
  if (!ws) throw new Error('no socket was opened')
  return ws
}

describe('createChainSocket', () => {
  it('rejects a request when the socket does not open in time, and closes it', async () => {
    const socket = createChainSocket(url, noHandlers, { openTimeoutMs: 5_000 })
    const answer = socket.request('eth_subscribe', ['newHeads'])
    const failed = expect(answer).rejects.toThrow(`WebSocket ${url} did not open within 5000 ms`)
    await vi.advanceTimersByTimeAsync(5_000)
    await failed
    expect(ScriptedWebSocket.last?.closed).toBe(true)
  })

  it('opens a new socket for the next request after an open timeout', async () => {
    const socket = createChainSocket(url, noHandlers, { openTimeoutMs: 5_000 })
    const first = expect(socket.request('eth_subscribe', ['newHeads'])).rejects.toThrow()
    await vi.advanceTimersByTimeAsync(5_000)
    await first
    const stale = ScriptedWebSocket.last
    const second = socket.request('eth_blockNumber', [])
    const ws = await opened()
    expect(ws).not.toBe(stale)
    ws.open()
    await vi.advanceTimersByTimeAsync(0)
    ws.receive('{"jsonrpc":"2.0","id":1,"result":"0x1b4"}')
    await expect(second).resolves.toEqual({ result: '0x1b4' })
  })

  it('rejects a request the node never answers and forgets its waiter', async () => {
    const socket = createChainSocket(url, noHandlers, { requestTimeoutMs: 30_000 })
    const answer = socket.request('eth_subscribe', ['newHeads'])
    const ws = await opened()
    ws.open()
    const failed = expect(answer).rejects.toThrow(
      `eth_subscribe to ${url} timed out after 30000 ms`,
    )
    await vi.advanceTimersByTimeAsync(30_000)
    await failed
    ws.receive(`{"jsonrpc":"2.0","id":1,"result":"0x${'ab'.repeat(16)}"}`)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('answers a request that the node answers in time, its timer cleared', async () => {
    const socket = createChainSocket(url, noHandlers)
    const answer = socket.request('eth_subscribe', ['newHeads'])
    const ws = await opened()
    ws.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(JSON.parse(ws.sent[0] ?? '')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_subscribe',
      params: ['newHeads'],
    })
    ws.receive(`{"jsonrpc":"2.0","id":1,"result":"0x${'ab'.repeat(16)}"}`)
    await expect(answer).resolves.toEqual({ result: `0x${'ab'.repeat(16)}` })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ignores frames that parse to null or to a non-object', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const onEvent = vi.fn()
    const socket = createChainSocket(url, { onEvent, onLost: () => undefined })
    const answer = socket.request('eth_blockNumber', [])
    const ws = await opened()
    ws.open()
    await vi.advanceTimersByTimeAsync(0)
    for (const frame of ['null', '7', '"0x1"', '[]']) {
      expect(() => ws.receive(frame)).not.toThrow()
    }
    ws.receive('{"jsonrpc":"2.0","id":1,"result":"0x1b4"}')
    await expect(answer).resolves.toEqual({ result: '0x1b4' })
    expect(onEvent).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledTimes(4)
    warn.mockRestore()
  })
})
