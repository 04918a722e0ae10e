import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pagePortEvent, pagePortRequestEvent } from '../core/protocol/pagePort.ts'
import { receivePagePort } from '../inpage/receivePagePort.ts'
import { offerPagePort } from './offerPagePort.ts'

/** A browser's `MessageEvent` as far as the handover uses it (Node's drops `cancelable`). */
class BrowserMessageEvent extends Event {
  readonly ports: readonly MessagePort[]
  constructor(type: string, init: MessageEventInit = {}) {
    super(type, init)
    this.ports = init.ports ?? []
  }
}

/** The two ends of a page port; the test only looks at which object lands where. */
const channel = () =>
  ({ port1: { end: 'content' }, port2: { end: 'page' } }) as unknown as MessageChannel

/** What a page script that runs after both does: asks for a port, and offers one of its own. */
function pageScript(window: EventTarget) {
  const heard: Event[] = []
  window.addEventListener(pagePortEvent, (event) => heard.push(event), { capture: true })
  window.dispatchEvent(new Event(pagePortRequestEvent))
  const forged = channel().port2
  const forgedTaken = !window.dispatchEvent(
    new MessageEvent(pagePortEvent, { ports: [forged], cancelable: true }),
  )
  return {
    offersHeard: heard.filter((event) => (event as MessageEvent).ports[0] !== forged),
    forgedTaken,
  }
}

// The handover is one protocol with two ends (`core/protocol/pagePort.ts`): the content script's
// offer and the MAIN-world script's `receivePagePort` are tested as a pair, in either order.
describe('offerPagePort and receivePagePort', () => {
  beforeEach(() => {
    vi.stubGlobal('MessageEvent', BrowserMessageEvent)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('hands the page end to a MAIN-world script that started first; the content script keeps the other', () => {
    const window = new EventTarget()
    const received: MessagePort[] = []
    receivePagePort(window, (port) => received.push(port))
    const ports = channel()
    const kept: MessagePort[] = []
    offerPagePort(window, ports, (port) => kept.push(port))
    expect(received).toEqual([ports.port2])
    expect(kept).toEqual([ports.port1])
  })

  it('hands it over when the MAIN-world script starts second and asks', () => {
    const window = new EventTarget()
    const ports = channel()
    const kept: MessagePort[] = []
    offerPagePort(window, ports, (port) => kept.push(port))
    expect(kept).toEqual([])
    const received: MessagePort[] = []
    receivePagePort(window, (port) => received.push(port))
    expect(received).toEqual([ports.port2])
    expect(kept).toEqual([ports.port1])
  })

  it('a page script that runs later hears no offer, even when it asks, and cannot hand the MAIN world its own port', () => {
    for (const contentFirst of [false, true]) {
      const window = new EventTarget()
      const ports = channel()
      const received: MessagePort[] = []
      const offer = () => offerPagePort(window, ports, () => undefined)
      if (contentFirst) offer()
      receivePagePort(window, (port) => received.push(port))
      if (!contentFirst) offer()
      expect(pageScript(window)).toEqual({ offersHeard: [], forgedTaken: false })
      expect(received).toEqual([ports.port2])
    }
  })

  it('keeps no end when no MAIN-world script takes the port (the bridge then joins pieces itself)', () => {
    const window = new EventTarget()
    const kept: MessagePort[] = []
    offerPagePort(window, channel(), (port) => kept.push(port))
    window.dispatchEvent(new Event(pagePortRequestEvent))
    expect(kept).toEqual([])
  })

  it('ignores an offer without a port', () => {
    const window = new EventTarget()
    const received: MessagePort[] = []
    receivePagePort(window, (port) => received.push(port))
    expect(window.dispatchEvent(new MessageEvent(pagePortEvent, { cancelable: true }))).toBe(true)
    const ports = channel()
    offerPagePort(window, ports, () => undefined)
    expect(received).toEqual([ports.port2])
  })
})
