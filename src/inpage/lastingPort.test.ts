import { describe, expect, it, vi } from 'vitest'
import { createLastingPort, type RuntimePort } from './lastingPort.ts'

const uuid = '6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c'

type FakePort = RuntimePort & {
  name: string
  sent: unknown[]
  disconnected: boolean
  /** The wallet posts a message on this port. */
  deliver(message: unknown): void
  /** The worker stops: Chrome drops the port. */
  drop(): void
}

/** Real ports as `chrome.runtime.connect` opens them, with a clock and timers to drive. */
function fakeChrome() {
  const opened: FakePort[] = []
  const timers: Array<{ at: number; callback: () => void }> = []
  let time = 0
  const open = (name: string): RuntimePort => {
    const messageListeners: Array<(message: unknown) => void> = []
    const disconnectListeners: Array<() => void> = []
    const port: FakePort = {
      name,
      sent: [],
      disconnected: false,
      postMessage: (message) => void port.sent.push(message),
      disconnect: () => {
        port.disconnected = true
      },
      onMessage: { addListener: (listener) => void messageListeners.push(listener) },
      onDisconnect: { addListener: (listener) => void disconnectListeners.push(listener) },
      deliver: (message) => {
        for (const listener of messageListeners) listener(message)
      },
      drop: () => {
        for (const listener of disconnectListeners) listener()
      },
    }
    opened.push(port)
    return port
  }
  return {
    opened,
    latest: () => opened[opened.length - 1] as FakePort,
    parameters: {
      open,
      name: '',
      randomId: () => uuid,
      now: () => time,
      later: (callback: () => void, ms: number) => void timers.push({ at: time + ms, callback }),
    },
    /** Moves the clock on and runs the timers that are due. */
    advance(ms: number) {
      time += ms
      for (const timer of timers.splice(0).filter((t) => t.at <= time)) timer.callback()
    },
  }
}

const request = (id: number, method = 'wallet_getSession') => ({
  type: 'caip-348',
  data: { jsonrpc: '2.0', id, method },
})
const response = (id: number, result: unknown = '0x1') => ({
  type: 'caip-348',
  data: { jsonrpc: '2.0', id, result },
})

describe('createLastingPort', () => {
  it('opens a real port under a lasting name and passes messages both ways', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    port.onMessage.addListener((message) => received.push(message))
    port.postMessage(request(1))
    expect(chrome.latest().name).toBe(`aperture-lasting:${uuid}`)
    expect(chrome.latest().sent).toEqual([request(1)])
    chrome.latest().deliver(response(1))
    expect(received).toEqual([response(1)])
  })

  it('reconnects at once when the worker stops and re-sends what has no answer', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    const dropped: unknown[] = []
    port.onMessage.addListener((message) => received.push(message))
    port.onDisconnect.addListener(() => dropped.push('dropped'))
    port.postMessage(request(1))
    port.postMessage(request(2, 'wallet_invokeMethod'))
    chrome.latest().deliver(response(1))
    chrome.advance(5_000)
    chrome.latest().drop()
    expect(chrome.opened).toHaveLength(2)
    expect(chrome.latest().name).toBe(chrome.opened[0]?.name)
    expect(chrome.latest().sent).toEqual([request(2, 'wallet_invokeMethod')])
    chrome.latest().deliver(response(2))
    expect(received).toEqual([response(1), response(2)])
    expect(dropped).toEqual([])
  })

  it("hands the page a node's result text parsed, as standard JSON-RPC", () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    port.onMessage.addListener((message) => received.push(message))
    port.postMessage(request(5, 'wallet_invokeMethod'))
    chrome.latest().deliver({
      type: 'caip-348',
      data: { jsonrpc: '2.0', id: 5, resultJson: '[{"logIndex":"0x0"}]' },
    })
    expect(received).toEqual([response(5, [{ logIndex: '0x0' }])])
  })

  it('answers each request to the page once, whichever port the answer comes on', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    port.onMessage.addListener((message) => received.push(message))
    port.postMessage(request(7))
    chrome.latest().deliver(response(7))
    chrome.latest().deliver(response(7))
    expect(received).toEqual([response(7)])
  })

  it('passes notifications on, and nothing from a port it has replaced', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    port.onMessage.addListener((message) => received.push(message))
    const notification = {
      type: 'caip-348',
      data: { jsonrpc: '2.0', method: 'wallet_sessionChanged', params: { sessionScopes: {} } },
    }
    const first = chrome.latest()
    chrome.advance(5_000)
    first.drop()
    first.deliver(notification)
    chrome.latest().deliver(notification)
    expect(received).toEqual([notification])
  })

  it('backs off when ports keep dropping, and tells the page only when the wallet is gone', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    let disconnects = 0
    port.onDisconnect.addListener(() => {
      disconnects += 1
    })
    for (let drop = 0; drop < 7; drop += 1) {
      const before = chrome.opened.length
      chrome.latest().drop()
      expect(chrome.opened).toHaveLength(before)
      chrome.advance(2_000)
      expect(chrome.opened).toHaveLength(before + 1)
    }
    expect(disconnects).toBe(0)
    chrome.latest().drop()
    expect(disconnects).toBe(1)
    chrome.advance(10_000)
    expect(chrome.opened).toHaveLength(8)
    expect(() => port.postMessage(request(1))).toThrow('disconnected port')
  })

  it('counts a port that cannot be opened on reconnect as one more drop', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined)
    const chrome = fakeChrome()
    let refuse = false
    const open = (name: string) => {
      if (refuse) throw new Error('Extension context invalidated.')
      return chrome.parameters.open(name)
    }
    const port = createLastingPort({ ...chrome.parameters, open })
    let disconnects = 0
    port.onDisconnect.addListener(() => {
      disconnects += 1
    })
    refuse = true
    chrome.advance(5_000)
    chrome.latest().drop()
    for (let step = 0; step < 10; step += 1) chrome.advance(2_000)
    expect(disconnects).toBe(1)
    expect(debug).toHaveBeenCalledTimes(8)
    debug.mockRestore()
  })

  it('on the page’s own disconnect closes the real port and reconnects no more', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    let disconnects = 0
    port.onDisconnect.addListener(() => {
      disconnects += 1
    })
    const real = chrome.latest()
    port.disconnect()
    expect(real.disconnected).toBe(true)
    real.drop()
    chrome.advance(10_000)
    expect(chrome.opened).toHaveLength(1)
    expect(disconnects).toBe(0)
    expect(() => port.postMessage(request(1))).toThrow('disconnected port')
  })

  it('removes listeners like a chrome event', () => {
    const chrome = fakeChrome()
    const port = createLastingPort(chrome.parameters)
    const received: unknown[] = []
    const listener = (message: unknown) => received.push(message)
    port.onMessage.addListener(listener)
    expect(port.onMessage.hasListener(listener)).toBe(true)
    port.onMessage.removeListener(listener)
    expect(port.onMessage.hasListeners()).toBe(false)
    port.postMessage(request(1))
    chrome.latest().deliver(response(1))
    expect(received).toEqual([])
  })
})
