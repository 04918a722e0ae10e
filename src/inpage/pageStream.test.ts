import { WindowPostMessageStream } from '@metamask/post-message-stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contentStreamName, inpageStreamName } from '../core/protocol/connection.ts'
import { asObjectStream } from '../core/protocol/objectStream.ts'
import { createPageStream, type StreamWindow } from './pageStream.ts'

const origin = 'https://dapp.example'

/**
 * A window as both ends meet it: `postMessage` delivers a structured clone as a `MessageEvent` of
 * this window and origin in a later task, as a browser does. Node's `MessageEvent` takes only a
 * `MessagePort` as `source`, so the window is one (never started as a port: only events are
 * dispatched on it).
 */
function pageWindow(at = origin) {
  const { port1: window } = new MessageChannel()
  const dispatch = (data: unknown, from: string, source: MessagePort) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: from, source }))
  Object.assign(window, {
    postMessage(message: unknown, targetOrigin: string) {
      if (targetOrigin !== '*' && targetOrigin !== at) return
      const data = structuredClone(message)
      setTimeout(() => dispatch(data, at, window))
    },
  })
  return {
    window: window as unknown as StreamWindow & MessagePort,
    /** Delivers `data` as a message posted by another window (a frame) of origin `from`. */
    fromElsewhere: (data: unknown, from = at) =>
      setTimeout(() => dispatch(data, from, new MessageChannel().port1)),
    close: () => window.close(),
  }
}

/** The content script's end: the package's own `WindowPostMessageStream`, in `window`. */
function contentEnd(window: StreamWindow) {
  vi.stubGlobal('window', window)
  const stream = asObjectStream(
    new WindowPostMessageStream({
      name: contentStreamName,
      target: inpageStreamName,
      targetOrigin: origin,
      targetWindow: window as unknown as Window,
    }),
  )
  const received: unknown[] = []
  stream.on('data', (message) => received.push(message))
  return { stream, received }
}

const pageEnd = (window: StreamWindow) => {
  const stream = createPageStream({
    window,
    origin,
    name: inpageStreamName,
    target: contentStreamName,
  })
  const received: unknown[] = []
  stream.onData((message) => received.push(message))
  return { stream, received }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 5 })

const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'wallet_getSession' })
const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { sessionScopes: {} } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("createPageStream with the package's WindowPostMessageStream at the other end", () => {
  it('connects when the page end starts first, and carries messages both ways', async () => {
    const { window, close } = pageWindow()
    const page = pageEnd(window)
    const content = contentEnd(window)
    page.stream.write(request(1))
    content.stream.write(answer(1))
    await eventually(() => expect(content.received).toEqual([request(1)]))
    await eventually(() => expect(page.received).toEqual([answer(1)]))
    close()
  })

  it('connects when the content script starts first (its SYN lost before the page listened)', async () => {
    const { window, close } = pageWindow()
    const content = contentEnd(window)
    content.stream.write(answer(7))
    await settled()
    const page = pageEnd(window)
    page.stream.write(request(1))
    page.stream.write({ api: 'eip1193', data: request(2) })
    await eventually(() =>
      expect(content.received).toEqual([request(1), { api: 'eip1193', data: request(2) }]),
    )
    await eventually(() => expect(page.received).toEqual([answer(7)]))
    close()
  })

  it('holds writes made before the handshake and sends them in order', async () => {
    const { window, close } = pageWindow()
    const page = pageEnd(window)
    for (let id = 1; id <= 50; id += 1) page.stream.write(request(id))
    await settled()
    const content = contentEnd(window)
    await eventually(() =>
      expect(content.received).toEqual(
        Array.from({ length: 50 }, (_, index) => request(index + 1)),
      ),
    )
    close()
  })

  it('carries a 5 MB result text as it is', async () => {
    const { window, close } = pageWindow()
    const page = pageEnd(window)
    const content = contentEnd(window)
    const resultJson = JSON.stringify(
      Array.from({ length: 10_000 }, (_, i) => `0x${'ab'.repeat(250)}${i}`),
    )
    content.stream.write({ jsonrpc: '2.0', id: 1, resultJson })
    await eventually(() => expect(page.received).toEqual([{ jsonrpc: '2.0', id: 1, resultJson }]))
    close()
  })
})

describe('createPageStream', () => {
  it('takes only messages of its window and origin addressed to it with a truthy data', async () => {
    const { window, fromElsewhere, close } = pageWindow()
    const page = pageEnd(window)
    const content = contentEnd(window)
    page.stream.write(request(1))
    await eventually(() => expect(content.received).toEqual([request(1)]))
    fromElsewhere({ target: inpageStreamName, data: answer(1) })
    fromElsewhere({ target: inpageStreamName, data: answer(2) }, 'https://evil.example')
    window.postMessage({ target: contentStreamName, data: answer(3) }, origin)
    window.postMessage({ target: inpageStreamName, data: 0 }, origin)
    window.postMessage({ target: inpageStreamName, data: '' }, origin)
    window.postMessage([inpageStreamName, answer(4)], origin)
    window.postMessage({ target: inpageStreamName, data: answer(5) }, origin)
    // Messages arrive in the order they were posted: once the last is in, the others were seen.
    await eventually(() => expect(page.received).toEqual([answer(5)]))
    // The one for the content script's name reached it, as any page script's message would.
    expect(content.received).toEqual([request(1), answer(3)])
    close()
  })

  it('posts every message to the page origin only, as { target, data }', () => {
    const posted: [unknown, string][] = []
    createPageStream({
      window: { postMessage: (...args) => posted.push(args), addEventListener: () => undefined },
      origin,
      name: inpageStreamName,
      target: contentStreamName,
    })
    expect(posted).toEqual([[{ target: contentStreamName, data: 'SYN' }, origin]])
  })
})
