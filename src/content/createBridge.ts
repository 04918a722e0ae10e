import type { EngineResponse } from '../core/multichain/ports.ts'
import {
  type BackgroundMessage,
  type ConnectionPort,
  type ContentMessage,
  defaultPageApi,
  fromPageMessage,
  type PageApi,
  pageApis,
  toPageMessage,
} from '../core/protocol/connection.ts'
import type { PagePortMessage } from '../core/protocol/pagePort.ts'
import { createApiResultAssemblers } from '../core/protocol/resultParts.ts'
import { internalErrorObject } from '../core/rpc/internalErrorObject.ts'
import type { RpcId } from '../core/rpc/types.ts'

/**
 * The page end of the bridge: the content script's `WindowPostMessageStream`, and the page port
 * (`core/protocol/pagePort.ts`) when the MAIN-world script took it, for results that come in pieces.
 */
export type PageEnd = {
  send(message: unknown): void
  onMessage(handler: (message: unknown) => void): void
  /** The content script's end of the page port (`MessagePort` fits); absent: pieces are joined here. */
  port?: { postMessage(message: PagePortMessage): void }
}

/** Where the pieces of a result go until its response: to the page as they come, or joined here. */
type ResultRoute = {
  piece(api: PageApi, id: RpcId, text: string): void
  /** Forgets the pieces of `id` so far (they will come again). */
  drop(api: PageApi, id: RpcId): void
  /** Answers the page with the response whose pieces went this way before it. */
  answer(api: PageApi, response: EngineResponse): void
}

/** A page API's tag on the page port: absent for the Multichain API, as on the worker's port. */
const tagged = <T extends object>(api: PageApi, message: T): T & { api?: PageApi } =>
  api === defaultPageApi ? message : { ...message, api }

/** Pieces posted to the page as they arrive, the response after them: the page joins and parses. */
const toPagePort = (port: NonNullable<PageEnd['port']>): ResultRoute => ({
  piece: (api, id, text) => port.postMessage(tagged(api, { type: 'resultPart', id, text })),
  drop: (api, id) => port.postMessage(tagged(api, { type: 'resultDropped', id })),
  answer: (api, response) => port.postMessage(tagged(api, { type: 'response', response })),
})

/** Without a page port: pieces joined here, the whole response posted on the page stream. */
function joinedForStream(page: PageEnd): ResultRoute {
  const resultsOf = createApiResultAssemblers()
  return {
    piece: (api, id, text) => resultsOf(api).add(id, text),
    drop: (api, id) => resultsOf(api).drop(id),
    answer: (api, response) => page.send(toPageMessage(api, resultsOf(api).complete(response))),
  }
}

/** The content script's end of its port to the service worker (`chrome.runtime.Port` fits). */
export type ContentPort = ConnectionPort<BackgroundMessage, ContentMessage>

/** Opens a port to the service worker (`runtime.connect`); throws when the extension is gone. */
export type ConnectPort = () => ContentPort

/** What the page hears when the wallet cannot be reached any more (the extension is gone). */
const walletGone = { jsonrpc: '2.0', method: 'disconnect' } as const

/** How often a request is asked again when pieces of its answer were missed, before giving up. */
const maxMissedAnswers = 3

/** The page's answer when pieces of the answer kept being missed (the port kept changing). */
const cutOff = (id: RpcId) => ({
  jsonrpc: '2.0',
  id,
  error: internalErrorObject('pieces of the answer were lost on the way; send the request again'),
})

/** A request's key in the bridge: its page API and id (each API numbers its own requests). */
const keyOf = (api: PageApi, id: RpcId): string => `${api} ${JSON.stringify(id)}`

const requestId = (message: unknown): RpcId | undefined => {
  if (typeof message !== 'object' || message === null || !('id' in message)) return undefined
  const { id } = message
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/** A request on the port: untagged for the Multichain API, as before there were other APIs. */
const requestMessage = (api: PageApi, request: unknown): ContentMessage =>
  api === defaultPageApi ? { type: 'request', request } : { type: 'request', request, api }

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
  const unanswered = new Map<string, { api: PageApi; request: unknown }>()
  const route = page.port ? toPagePort(page.port) : joinedForStream(page)
  /** Results whose pieces are on their way to the route, by request key: how long they are so far. */
  const received = new Map<string, { api: PageApi; id: RpcId; length: number }>()
  const dropReceived = (key: string): number => {
    const pieces = received.get(key)
    if (!pieces) return 0
    received.delete(key)
    return pieces.length
  }
  /** Requests asked again because pieces of their answer were missed, and how often. */
  const missedAnswers = new Map<string, number>()
  let port: ContentPort | undefined
  let connectedAt = 0
  let retryDelayMs = 0

  const post = (message: ContentMessage): void => port?.postMessage(message)

  const connect = (): void => {
    try {
      port = connectPort()
    } catch (error) {
      // The extension was reloaded or removed: this page's bridge is gone for good, and every page
      // API hears so (the EIP-1193 provider emits `disconnect`; a worker restart never gets here).
      port = undefined
      console.warn('Aperture: cannot reach the wallet', error)
      for (const api of pageApis) page.send(toPageMessage(api, walletGone))
      return
    }
    port.onMessage.addListener((message) => {
      const api = message.api ?? defaultPageApi
      if (message.type === 'resultPart') {
        const { id, text } = message
        const key = keyOf(api, id)
        if (!unanswered.has(key)) return
        const pieces = received.get(key) ?? { api, id, length: 0 }
        pieces.length += text.length
        received.set(key, pieces)
        route.piece(api, id, text)
      } else if (message.type === 'response') {
        const { partsLength, response } = message
        const key = keyOf(api, response.id)
        const waiting = unanswered.get(key)
        if (!waiting) return
        const piecesLength = dropReceived(key)
        // Pieces were sent ahead of it and some went to a port that is gone (a reconnect meanwhile).
        const missed =
          partsLength !== undefined && 'resultJson' in response && piecesLength !== partsLength
        if (missed && piecesLength > 0) route.drop(api, response.id)
        const asked = (missedAnswers.get(key) ?? 0) + 1
        if (missed && asked <= maxMissedAnswers) {
          // Asked again, as after a reconnect: a request whose result goes ahead runs again safely.
          missedAnswers.set(key, asked)
          post(requestMessage(api, waiting.request))
          return
        }
        unanswered.delete(key)
        missedAnswers.delete(key)
        if (missed) page.send(toPageMessage(api, cutOff(response.id)))
        else if (piecesLength > 0) route.answer(api, response)
        else page.send(toPageMessage(api, response))
      } else {
        page.send(toPageMessage(api, message.notification))
      }
    })
    connectedAt = Date.now()
    port.onDisconnect.addListener(() => {
      port = undefined
      // Pieces that came on the old port: the rest of their results cannot be told complete.
      for (const { api, id } of received.values()) route.drop(api, id)
      received.clear()
      onPortDropped()
      // A worker stop is answered by an immediate reconnect; a port that keeps dropping right
      // away (a failing worker) is retried with a growing delay instead of a tight loop.
      retryDelayMs = Date.now() - connectedAt < 1000 ? Math.min(retryDelayMs * 2 || 50, 2000) : 0
      if (retryDelayMs === 0) connect()
      else setTimeout(connect, retryDelayMs)
    })
    post({ type: 'hello', connectionId })
    for (const { api, request } of unanswered.values()) post(requestMessage(api, request))
  }

  page.onMessage((message) => {
    const { api, data: request } = fromPageMessage(message)
    const id = requestId(request)
    if (id === undefined || unanswered.has(keyOf(api, id))) return
    unanswered.set(keyOf(api, id), { api, request })
    post(requestMessage(api, request))
  })
  connect()
}
