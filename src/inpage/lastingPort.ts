import {
  externalMessageType,
  lastingPortNamePrefix,
  standardExternalMessage,
} from '../core/protocol/externalPort.ts'

type PortListener<Arguments extends unknown[]> = (...args: Arguments) => void

/** A `chrome.runtime` event as a port exposes it. */
export type PortEvent<Arguments extends unknown[]> = {
  addListener(listener: PortListener<Arguments>): void
  removeListener(listener: PortListener<Arguments>): void
  hasListener(listener: PortListener<Arguments>): boolean
  hasListeners(): boolean
}

/** What the lasting port uses of a real `chrome.runtime.Port`. */
export type RuntimePort = {
  postMessage(message: unknown): void
  disconnect(): void
  onMessage: { addListener(listener: (message: unknown) => void): void }
  onDisconnect: { addListener(listener: () => void): void }
}

/** The port the page gets from `chrome.runtime.connect(<Aperture's id>)`. */
export type LastingPort = {
  readonly name: string
  readonly sender: undefined
  postMessage(message: unknown): void
  disconnect(): void
  onMessage: PortEvent<[message: unknown, port: LastingPort]>
  onDisconnect: PortEvent<[port: LastingPort]>
}

export type LastingPortParameters = {
  /** Opens a real port to the wallet with this name (`chrome.runtime.connect(id, { name })`). */
  open(name: string): RuntimePort
  /** The name the page asked for (`connectInfo.name`), shown as the port's `name`. */
  name: string
  /** A fresh UUID: the connection's id in the wallet for the page's lifetime. */
  randomId(): string
  now(): number
  /** Runs `callback` after `ms` (`setTimeout`). */
  later(callback: () => void, ms: number): void
}

/** A port that drops this soon after it opened is dropping for a reason: retry, but not in a loop. */
const quickDropMs = 1_000
/** Consecutive quick drops after which the wallet counts as gone (removed, disabled). */
const quickDropLimit = 8

function createPortEvent<Arguments extends unknown[]>() {
  const listeners = new Set<PortListener<Arguments>>()
  const event: PortEvent<Arguments> = {
    addListener: (listener) => void listeners.add(listener),
    removeListener: (listener) => void listeners.delete(listener),
    hasListener: (listener) => listeners.has(listener),
    hasListeners: () => listeners.size > 0,
  }
  const dispatch = (...args: Arguments): void => {
    for (const listener of [...listeners]) listener(...args)
  }
  return { event, dispatch }
}

type RequestId = string | number

/** The id of a `caip-348` message's JSON-RPC request or response; undefined for anything else. */
function caip348Id(message: unknown): RequestId | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, data } = message as { type?: unknown; data?: unknown }
  if (type !== externalMessageType || typeof data !== 'object' || data === null) return undefined
  const { id } = data as { id?: unknown }
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/**
 * The port a page gets when it connects to Aperture over the standard extension transport
 * (`externally_connectable`): one port for the page's lifetime, over as many real ports as it takes.
 * When the service worker stops, Chrome drops the real port; this one opens a new one at once
 * (which starts the worker again) under the same name, so the wallet sees the same connection, and
 * re-sends every request that has no answer yet. Each request is answered to the page once, in
 * standard JSON-RPC (a node's result arrives as text and is parsed here: `standardExternalMessage`).
 * The page's `onDisconnect` fires only when the wallet cannot be reached any more.
 *
 * Why: `@metamask/multichain-api-client`'s default transport forgets its port on `onDisconnect`
 * and never connects again (its next request throws "Chrome port not connected", its pending ones
 * wait forever), while an MV3 worker is stopped whenever it is idle (docs/extension.md).
 */
export function createLastingPort(parameters: LastingPortParameters): LastingPort {
  const { open, randomId, now, later } = parameters
  const wireName = `${lastingPortNamePrefix}${randomId()}`
  const messages = createPortEvent<[message: unknown, port: LastingPort]>()
  const disconnects = createPortEvent<[port: LastingPort]>()
  const unanswered = new Map<RequestId, unknown>()
  let current: RuntimePort | undefined
  let closed = false
  let openedAt = 0
  let quickDrops = 0

  /** Opens a real port; the first one's failure is the page's, a later one's counts as a drop. */
  const connect = (): void => {
    if (closed) return
    openedAt = now()
    const port = open(wireName)
    current = port
    port.onMessage.addListener((message) => {
      if (port !== current) return
      const id = caip348Id(message)
      if (id !== undefined && !unanswered.delete(id)) return
      messages.dispatch(standardExternalMessage(message), lasting)
    })
    port.onDisconnect.addListener(() => {
      if (port !== current) return
      current = undefined
      dropped()
    })
    for (const message of unanswered.values()) port.postMessage(message)
  }

  const dropped = (): void => {
    if (closed) return
    quickDrops = now() - openedAt < quickDropMs ? quickDrops + 1 : 0
    if (quickDrops === 0) {
      reconnect()
      return
    }
    if (quickDrops >= quickDropLimit) {
      closed = true
      unanswered.clear()
      disconnects.dispatch(lasting)
      return
    }
    later(reconnect, Math.min(50 * 2 ** (quickDrops - 1), 2_000))
  }

  const reconnect = (): void => {
    try {
      connect()
    } catch (error) {
      // Chrome refused to open a port at all (the extension context is gone): one more drop.
      console.debug('Aperture: reconnecting the page port failed', error)
      current = undefined
      dropped()
    }
  }

  const lasting: LastingPort = {
    name: parameters.name,
    sender: undefined,
    postMessage(message) {
      if (closed) throw new Error('Attempting to use a disconnected port object')
      const id = caip348Id(message)
      if (id !== undefined) unanswered.set(id, message)
      current?.postMessage(message)
    },
    disconnect() {
      closed = true
      unanswered.clear()
      const port = current
      current = undefined
      port?.disconnect()
    },
    onMessage: messages.event,
    onDisconnect: disconnects.event,
  }
  connect()
  return lasting
}
