import { isObject } from '@metamask/utils'
import { isRpcErrorObject } from './isRpcErrorObject.ts'
import type { Json, NodeAnswer } from './types.ts'

/** What the client needs of an open WebSocket; a browser `WebSocket` and a `ws` socket both fit. */
export type WebSocketLike = {
  send(text: string): void
  close(): void
}

/** What the socket reports to the client; the caller of `connect` wires its socket's events here. */
export type WebSocketEvents = {
  open(): void
  /** One text frame. */
  message(text: string): void
  /** The socket closed (failing to open included), with its close code. */
  close(code: number): void
}

/** Why a request over the socket failed without an answer. */
export type WebSocketRpcFailure = 'open-timeout' | 'closed' | 'timeout' | 'send-failed'

/** A request that got no answer: the socket did not open, closed, or the node took too long. */
export class WebSocketRpcError extends Error {
  readonly reason: WebSocketRpcFailure

  constructor(reason: WebSocketRpcFailure, message: string) {
    super(message)
    this.name = 'WebSocketRpcError'
    this.reason = reason
  }
}

export type CreateWebSocketRpcClientParameters = {
  /** Where the socket goes; named in error messages. */
  url: string
  /** Opens a new socket to `url` and wires its events to `events`. */
  connect(events: WebSocketEvents): WebSocketLike
  /** How long opening the socket may take before its waiting requests fail. */
  openTimeoutMs: number
  /** How long the node may take to answer one request. */
  requestTimeoutMs: number
  /**
   * A subscription's notification from the node: `eth_subscription`, or Solana's
   * `<kind>Notification` (`method` tells which), its subscription id as text.
   */
  onNotification(subscription: string, result: Json, method: string): void
  /** An open socket closed (not by `close()`): the node forgot every subscription made on it. */
  onLost(): void
  /** A frame that is not a JSON-RPC object. */
  warn(message: string, detail: unknown): void
}

export type WebSocketRpcClient = {
  readonly url: string
  /** Sends one request (opening the socket first when needed); resolves with the node's answer. */
  request(method: string, params: Json[]): Promise<NodeAnswer>
  /** Closes the socket; what waits for an answer fails when it has closed, `onLost` is not called. */
  close(): void
}

type Waiter = { resolve(answer: NodeAnswer): void; reject(error: Error): void }
type Connection = { socket: WebSocketLike | undefined; open: boolean }

/**
 * One JSON-RPC-over-WebSocket client (the wallet's chain socket and the endpoint's upstream relay
 * both use it): opened on first use, requests made while it opens wait for it, answers matched to
 * requests by id, subscription notifications (`eth_subscription`, Solana's) routed to `onNotification`. A socket that does
 * not open, or a request not answered, in time fails with a `WebSocketRpcError` instead of waiting
 * forever; a drop fails what was in flight and is reported through `onLost`.
 */
export function createWebSocketRpcClient(
  parameters: CreateWebSocketRpcClientParameters,
): WebSocketRpcClient {
  const { url, openTimeoutMs, requestTimeoutMs } = parameters
  let current: Connection | undefined
  let opened: Promise<WebSocketLike> | undefined
  let closedByUs = false
  let nextId = 1
  const waiters = new Map<number, Waiter>()

  const failAll = (error: Error): void => {
    for (const waiter of waiters.values()) waiter.reject(error)
    waiters.clear()
  }

  const open = (): Promise<WebSocketLike> => {
    opened ??= new Promise<WebSocketLike>((resolve, reject) => {
      // Events of a socket that is no longer `current` (given up on, replaced) are ignored.
      const connection: Connection = { socket: undefined, open: false }
      current = connection
      const openTimer = setTimeout(() => {
        current = undefined
        opened = undefined
        connection.socket?.close()
        reject(
          new WebSocketRpcError(
            'open-timeout',
            `WebSocket ${url} did not open within ${openTimeoutMs} ms`,
          ),
        )
      }, openTimeoutMs)
      const events: WebSocketEvents = {
        open() {
          if (current !== connection) return
          clearTimeout(openTimer)
          connection.open = true
          resolve(connection.socket as WebSocketLike)
        },
        message(text) {
          if (current === connection) receive(text)
        },
        close(code) {
          if (current !== connection) return
          clearTimeout(openTimer)
          current = undefined
          opened = undefined
          const error = new WebSocketRpcError('closed', `WebSocket ${url} closed (${code})`)
          reject(error)
          failAll(error)
          if (connection.open && !closedByUs) parameters.onLost()
        },
      }
      try {
        connection.socket = parameters.connect(events)
      } catch (error) {
        clearTimeout(openTimer)
        current = undefined
        opened = undefined
        reject(error)
      }
    })
    return opened
  }

  const receive = (text: string): void => {
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch (error) {
      parameters.warn(`${url} sent a frame that is not JSON`, error)
      return
    }
    if (!isObject(message)) {
      parameters.warn(`${url} sent a frame that is not a JSON-RPC object`, text)
      return
    }
    if (typeof message.method === 'string' && message.id === undefined) {
      const { subscription, result } = isObject(message.params) ? message.params : {}
      if (typeof subscription === 'string' || typeof subscription === 'number') {
        parameters.onNotification(String(subscription), (result ?? null) as Json, message.method)
      }
      return
    }
    if (typeof message.id !== 'number') return
    const waiter = waiters.get(message.id)
    if (!waiter) return
    waiters.delete(message.id)
    if (isRpcErrorObject(message.error)) waiter.resolve({ error: message.error })
    else waiter.resolve({ result: (message.result ?? null) as Json })
  }

  return {
    url,
    async request(method, params) {
      const socket = await open()
      const id = nextId
      nextId += 1
      return new Promise<NodeAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(id)
          reject(
            new WebSocketRpcError(
              'timeout',
              `${method} to ${url} timed out after ${requestTimeoutMs} ms`,
            ),
          )
        }, requestTimeoutMs)
        const settled =
          <Value>(settle: (value: Value) => void) =>
          (value: Value): void => {
            clearTimeout(timer)
            waiters.delete(id)
            settle(value)
          }
        const waiter: Waiter = { resolve: settled(resolve), reject: settled(reject) }
        waiters.set(id, waiter)
        try {
          socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
        } catch (error) {
          waiter.reject(
            new WebSocketRpcError(
              'send-failed',
              `${method} to ${url} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
            ),
          )
        }
      })
    },
    close() {
      closedByUs = true
      current?.socket?.close()
    },
  }
}
