import type {
  BackgroundMessage,
  ConnectionPort,
  ContentMessage,
} from '../core/protocol/connection.ts'
import { createResultAssembler } from '../core/protocol/resultParts.ts'
import type { RpcId } from '../core/rpc/types.ts'

/** The page end of the bridge (the content script's `WindowPostMessageStream`). */
export type PageEnd = {
  send(message: unknown): void
  onMessage(handler: (message: unknown) => void): void
}

/** The content script's end of its port to the service worker (`chrome.runtime.Port` fits). */
export type ContentPort = ConnectionPort<BackgroundMessage, ContentMessage>

/** Opens a port to the service worker (`runtime.connect`); throws when the extension is gone. */
export type ConnectPort = () => ContentPort

const requestId = (message: unknown): RpcId | undefined => {
  if (typeof message !== 'object' || message === null || !('id' in message)) return undefined
  const { id } = message
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/**
 * Bridges one page connection to the service worker. The connection keeps one id for its lifetime;
 * when the port drops (the worker was stopped) the bridge reconnects at once and re-sends every
 * request that has no answer yet. Each request is answered to the page at most once.
 */
export function createBridge(
  page: PageEnd,
  connectPort: ConnectPort,
  /** Called when the port drops, before reconnecting (the caller reads `runtime.lastError`). */
  onPortDropped: () => void = () => {},
): void {
  const connectionId = crypto.randomUUID()
  const unanswered = new Map<RpcId, unknown>()
  const results = createResultAssembler()
  let port: ContentPort | undefined
  let connectedAt = 0
  let retryDelayMs = 0

  const post = (message: ContentMessage): void => port?.postMessage(message)

  const connect = (): void => {
    try {
      port = connectPort()
    } catch (error) {
      // The extension was reloaded or removed: this page's bridge is gone for good.
      port = undefined
      console.warn('Aperture: cannot reach the wallet', error)
      return
    }
    port.onMessage.addListener((message) => {
      if (message.type === 'resultPart') {
        if (unanswered.has(message.id)) results.add(message.id, message.text)
      } else if (message.type === 'response') {
        const response = results.complete(message.response)
        if (!unanswered.delete(response.id)) return
        page.send(response)
      } else {
        page.send(message.notification)
      }
    })
    connectedAt = Date.now()
    port.onDisconnect.addListener(() => {
      port = undefined
      results.clear()
      onPortDropped()
      // A worker stop is answered by an immediate reconnect; a port that keeps dropping right
      // away (a failing worker) is retried with a growing delay instead of a tight loop.
      retryDelayMs = Date.now() - connectedAt < 1000 ? Math.min(retryDelayMs * 2 || 50, 2000) : 0
      if (retryDelayMs === 0) connect()
      else setTimeout(connect, retryDelayMs)
    })
    post({ type: 'hello', connectionId })
    for (const request of unanswered.values()) post({ type: 'request', request })
  }

  page.onMessage((request) => {
    const id = requestId(request)
    if (id === undefined || unanswered.has(id)) return
    unanswered.set(id, request)
    post({ type: 'request', request })
  })
  connect()
}
