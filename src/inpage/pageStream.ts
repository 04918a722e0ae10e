/** The page's end of the page stream, as the page wire uses it (`pageWire.ts`). */
export type PageStream = {
  /** Sends `message` to the other end; held until the handshake has completed. */
  write(message: unknown): void
  onData(handler: (message: unknown) => void): void
}

/** What the page stream uses of `window`. */
export type StreamWindow = {
  postMessage(message: unknown, targetOrigin: string): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export type PageStreamParameters = {
  /** The window both ends live in: messages are posted to it and only its own are accepted. */
  window: StreamWindow
  /** The page's origin (`location.origin`): messages are posted to it and accepted only from it. */
  origin: string
  /** This end's stream name (the `target` the other end posts to). */
  name: string
  /** The other end's stream name. */
  target: string
}

const syn = 'SYN'
const ack = 'ACK'

// Read once, before any page script runs, so that a page redefining them later changes nothing.
const messageEvent = globalThis.MessageEvent?.prototype
const sourceOf = messageEvent && Object.getOwnPropertyDescriptor(messageEvent, 'source')?.get
const originOf = messageEvent && Object.getOwnPropertyDescriptor(messageEvent, 'origin')?.get

/**
 * The page end of `@metamask/post-message-stream`'s `WindowPostMessageStream` wire (DESIGN §3: the
 * content script keeps the package's stream), without the package: it weighs ~75 KB minified with
 * the Node stream shims it needs (readable-stream, buffer, events), and this script runs in every
 * page before the page's own (docs/performance.md).
 *
 * The wire, as the package speaks it: every message is `{ target, data }` posted to the page's
 * origin; a message is taken when it comes from this window and origin, is addressed to `name` and
 * carries a truthy `data` (number, string or object). Each end starts by sending `'SYN'`; an end
 * that receives `'SYN'` answers `'ACK'`; an end that receives `'ACK'` is connected (and answers
 * `'ACK'` once more if it never saw the other's `'SYN'`, which was posted before it listened).
 * Writes before that are held and sent in order; data before it is dropped, as the package does.
 */
export function createPageStream(parameters: PageStreamParameters): PageStream {
  const { window, origin, name, target } = parameters
  const post = (data: unknown): void => window.postMessage({ target, data }, origin)
  const held: unknown[] = []
  let handler: (message: unknown) => void = () => undefined
  let connected = false
  let sawSyn = false

  const receive = (data: unknown): void => {
    if (connected) {
      handler(data)
    } else if (data === syn) {
      sawSyn = true
      post(ack)
    } else if (data === ack) {
      connected = true
      if (!sawSyn) post(ack)
      for (const message of held.splice(0)) post(message)
    }
  }

  window.addEventListener('message', (event) => {
    if (originOf?.call(event) !== origin || sourceOf?.call(event) !== window) return
    const message: unknown = event.data
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return
    const { target: to, data } = message as { target?: unknown; data?: unknown }
    if (to !== name || !data) return
    if (typeof data !== 'number' && typeof data !== 'string' && typeof data !== 'object') return
    receive(data)
  })
  post(syn)

  return {
    write(message) {
      if (connected) post(message)
      else held.push(message)
    },
    onData(next) {
      handler = next
    },
  }
}
