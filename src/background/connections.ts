import { isObject } from '@metamask/utils'
import type { ConnectionId, EngineResponse, Notifier } from '../core/multichain/ports.ts'
import {
  type BackgroundMessage,
  defaultPageApi,
  type PageApi,
  type WorkerPort,
} from '../core/protocol/connection.ts'
import { responseMessages } from '../core/protocol/resultParts.ts'
import type { RpcId, RpcNotification } from '../core/rpc/types.ts'

/**
 * Where a connection's messages go: a content script's port, or an external port's encoder
 * (`externalPorts.ts`), which speaks the client's wire. An outlet that `takesWholeResults` sends a
 * response in one message anyway (the client's wire has no pieces): it gets a long result text
 * whole, not split into pieces it would only join again (a 5 MB copy).
 */
export type ConnectionOutlet = Pick<WorkerPort, 'postMessage'> & { takesWholeResults?: boolean }

type Connection = { id: ConnectionId; origin: string; port: ConnectionOutlet; api: PageApi }

/** How long messages for a connection that has not (re)connected yet are kept for it. */
const holdMs = 10_000

const isSessionEnd = (notification: RpcNotification): boolean => {
  if (notification.method !== 'wallet_sessionChanged') return false
  const scopes = isObject(notification.params) ? notification.params.sessionScopes : undefined
  return isObject(scopes) && Object.keys(scopes).length === 0
}

/**
 * The live page connections: one runtime port per connection id, grouped by origin. Messages for a
 * connection whose port is not there (right after a worker restart, before its content script has
 * said hello again) are held for a few seconds and flushed when it arrives. Likewise, a session
 * that ended in the first seconds of a worker's life (an expiry found on wake-up, before the pages
 * reconnected) is announced (`sessionScopes: {}`) to each connection of that origin that says hello
 * in that time.
 */
export function createConnectionRegistry(now: () => number = Date.now) {
  const startedAt = now()
  const byId = new Map<ConnectionId, Connection>()
  /** Connections that said hello to this worker (a first hello gets the early origin notifications). */
  const greeted = new Set<ConnectionId>()
  /** Origins whose session ended early in this worker's life (and was not created again since). */
  const endedEarly = new Map<string, RpcNotification>()
  const young = (): boolean => now() - startedAt < holdMs
  const held = new Map<
    ConnectionId,
    { messages: BackgroundMessage[]; timer: ReturnType<typeof setTimeout> }
  >()

  const send = (id: ConnectionId, message: BackgroundMessage): void => {
    const connection = byId.get(id)
    if (connection) {
      connection.port.postMessage(message)
      return
    }
    const entry = held.get(id) ?? {
      messages: [],
      timer: setTimeout(() => held.delete(id), holdMs),
    }
    entry.messages.push(message)
    held.set(id, entry)
  }

  /** The notifier of one page API: `toOrigin` reaches that API's connections of the origin only. */
  const notifierFor = (api: PageApi): Notifier => ({
    toConnection(id, notification: RpcNotification) {
      send(id, { type: 'notification', notification })
    },
    toOrigin(origin, notification: RpcNotification) {
      for (const connection of byId.values()) {
        if (connection.origin === origin && connection.api === api) {
          connection.port.postMessage({ type: 'notification', notification })
        }
      }
      if (api !== defaultPageApi) return
      if (young() && isSessionEnd(notification)) endedEarly.set(origin, notification)
      else endedEarly.delete(origin)
    },
  })
  const notifier = notifierFor(defaultPageApi)

  return {
    notifier,
    notifierFor,
    /**
     * Registers (or re-registers, after a reconnect) a connection of a page API (default: the
     * Multichain API) and flushes what was held.
     */
    add(
      id: ConnectionId,
      origin: string,
      port: ConnectionOutlet,
      api: PageApi = defaultPageApi,
    ): void {
      byId.set(id, { id, origin, port, api })
      if (!greeted.has(id) && api === defaultPageApi) {
        greeted.add(id)
        const ended = endedEarly.get(origin)
        if (ended && young()) port.postMessage({ type: 'notification', notification: ended })
      }
      const entry = held.get(id)
      if (!entry) return
      held.delete(id)
      clearTimeout(entry.timer)
      for (const message of entry.messages) port.postMessage(message)
    },
    /** Forgets the connection if `port` is still its port (a newer port may have replaced it). */
    remove(id: ConnectionId, port: ConnectionOutlet): boolean {
      if (byId.get(id)?.port !== port) return false
      byId.delete(id)
      return true
    },
    has: (id: ConnectionId): boolean => byId.has(id),
    /**
     * Answers a request on the connection's current port (it may have reconnected meanwhile); a
     * long result text goes in pieces, all on that one port (`responseMessages`), unless the port
     * takes whole results. `sentAhead`: the length of the result text already sent ahead by
     * `respondPart`; the response then carries the length of every piece before it (`partsLength`),
     * so that a content script that missed some (its port changed meanwhile) asks again.
     */
    respond(id: ConnectionId, response: EngineResponse, sentAhead = 0): void {
      if (byId.get(id)?.port.takesWholeResults) {
        send(id, { type: 'response', response })
        return
      }
      const messages = responseMessages(response)
      if (sentAhead === 0) {
        for (const message of messages) send(id, message)
        return
      }
      let partsLength = sentAhead
      for (const message of messages) {
        if (message.type === 'resultPart') {
          partsLength += message.text.length
          send(id, message)
        } else if (message.type === 'response') {
          send(id, { ...message, partsLength })
        }
      }
    },
    /**
     * Sends a piece of the result text of the response with `requestId`, ahead of it (a node's
     * answer passed on as it arrives); `respond` then names how much was sent ahead (`sentAhead`).
     */
    respondPart(id: ConnectionId, requestId: RpcId, text: string): void {
      send(id, { type: 'resultPart', id: requestId, text })
    },
  }
}

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>
