import type { MultichainEngine } from '../core/multichain/ports.ts'
import type { ContentMessage } from '../core/wallet/connection.ts'
import type { Approvals } from './approvals.ts'
import type { ConnectionRegistry } from './connections.ts'

/** After a page's port drops, how long before its subscriptions end (it may reconnect). */
const closeGraceMs = 2_000

/**
 * The origin of a port's sender as the browser reports it (`sender.origin`, else the URL's), never
 * anything the page says. Undefined for senders that are not web pages of this extension's content
 * scripts.
 */
export function senderOrigin(sender: chrome.runtime.MessageSender | undefined): string | undefined {
  if (!sender || sender.id !== chrome.runtime.id) return undefined
  if (sender.origin && sender.origin !== 'null') return sender.origin
  if (!sender.url) return undefined
  const { origin, protocol } = new URL(sender.url)
  return protocol === 'http:' || protocol === 'https:' ? origin : undefined
}

/** Requests being handled, across ports (`<connection>/<id>`): a re-send joins the first copy. */
const inFlight = new Set<string>()

const requestKeyOf = (connectionId: string, request: unknown): string | undefined => {
  if (typeof request !== 'object' || request === null || !('id' in request)) return undefined
  return `${connectionId}/${JSON.stringify(request.id)}`
}

const isCreateSession = (request: unknown): boolean =>
  typeof request === 'object' &&
  request !== null &&
  'method' in request &&
  request.method === 'wallet_createSession'

export type PagePortDependencies = {
  engine: MultichainEngine
  connections: ConnectionRegistry
  approvals: Approvals
}

/**
 * Serves one content-script port: registers its connection on `hello`, runs each request through
 * the engine once (a request re-sent while its first copy is still running is not run twice) and
 * answers on the connection's current port.
 */
export function servePagePort(port: chrome.runtime.Port, deps: PagePortDependencies): void {
  const { engine, connections, approvals } = deps
  const origin = senderOrigin(port.sender)
  if (!origin) {
    port.disconnect()
    return
  }
  let connectionId: string | undefined

  port.onMessage.addListener((message: ContentMessage) => {
    if (message.type === 'hello') {
      connectionId = message.connectionId
      connections.add(connectionId, origin, port)
      return
    }
    if (message.type !== 'request' || connectionId === undefined) return
    const connection = connectionId
    const key = requestKeyOf(connection, message.request)
    if (key !== undefined && inFlight.has(key)) return
    if (key !== undefined) inFlight.add(key)
    if (key !== undefined && isCreateSession(message.request)) approvals.expect(origin, key)
    engine
      .handleRequest(origin, connection, message.request)
      .then((response) => connections.respond(connection, response))
      .finally(() => {
        if (key !== undefined) inFlight.delete(key)
      })
  })

  port.onDisconnect.addListener(() => {
    const connection = connectionId
    if (connection === undefined || !connections.remove(connection, port)) return
    setTimeout(() => {
      if (connections.has(connection)) return
      engine.connectionClosed(connection, origin).catch((error: unknown) => {
        console.error('Aperture: ending the subscriptions of a closed page failed', error)
      })
    }, closeGraceMs)
  })
}
