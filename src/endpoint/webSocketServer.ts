import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import {
  invalidProjectId,
  invalidRequest,
  tooManyConnections,
  tooManyPendingRequests,
} from '../core/rpc/errors.ts'
import {
  answerRequests,
  errorBody,
  isWatched,
  type ResponseText,
  refusalOf,
} from './answerRequests.ts'
import { keyPrefix, type LogCall } from './callLog.ts'
import type { RpcHandler } from './createRpcHandler.ts'
import type { SubscriptionClient, SubscriptionRelay } from './createSubscriptionRelay.ts'
import type { Admission, Refusal } from './keys/createAdmission.ts'
import type { EndpointLimits, LimitsFor } from './limits.ts'
import { rawErrorResponse } from './rawErrorResponse.ts'
import type { AfterWrite, CallContext } from './types.ts'

export type EndpointWebSocketsParameters = {
  /** The keys file's per-key allowlists and request limits. */
  admission: Admission
  server: Server
  keys: ReadonlySet<string>
  handler: RpcHandler
  subscriptions: SubscriptionRelay
  bodyLimitBytes: number
  limits: Pick<EndpointLimits, 'maxSocketsPerAddress' | 'maxBufferedBytes'>
  limitsFor: LimitsFor
  logCall: LogCall
  log: FastifyBaseLogger
}

/** How long a socket closed for not reading gets to take its close frame before it is cut. */
const closeGraceMs = 1000

export type EndpointWebSockets = {
  /** Open client sockets, for /healthz. */
  size(): number
  /** Terminates every client socket and stops accepting new ones. */
  close(): void
}

const refuseUpgrade = (socket: Duplex, status: number, body: string): void => {
  socket.end(rawErrorResponse(status, body))
}

/**
 * The endpoint's WebSocket front (DESIGN §5): upgrades on `/ws/v3/<KEY>` for a known key (401
 * otherwise, 404 on other paths), the same JSON-RPC calls as HTTP plus subscriptions, whose upstream
 * ends go when the socket closes; idle sockets are pinged every 30 s and dropped without a pong.
 */
export function serveWebSockets(parameters: EndpointWebSocketsParameters): EndpointWebSockets {
  const { keys, handler, subscriptions, limits, logCall, log } = parameters
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: parameters.bodyLimitBytes })

  parameters.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://endpoint').pathname
    const match = /^\/ws\/v3\/([^/]+)$/.exec(path)
    if (!match?.[1]) {
      refuseUpgrade(socket, 404, errorBody(invalidRequest('no such path; use WS /ws/v3/<API_KEY>')))
      return
    }
    // Keys are `[A-Za-z0-9_-]+`, so the path segment is compared as it is: decoding it would only
    // add a way to throw (`/ws/v3/%`) in a handler that runs outside any request's error handling.
    const key = match[1]
    if (!keys.has(key)) {
      logCall('ws', key)({ method: '(unauthorized)', status: 401, durationMs: 0 })
      refuseUpgrade(socket, 401, errorBody(invalidProjectId()))
      return
    }
    const refusedOrigin = parameters.admission.admitOrigin(key, request.headers.origin)
    if (refusedOrigin) {
      logCall('ws', key)({ method: '(refused)', status: refusedOrigin.status, durationMs: 0 })
      refuseUpgrade(socket, refusedOrigin.status, errorBody(refusedOrigin.error))
      return
    }
    const address = request.socket.remoteAddress ?? 'unknown'
    const { maxSocketsPerKey } = parameters.limitsFor(key)
    const refusal =
      (perKey.get(key) ?? 0) >= maxSocketsPerKey
        ? tooManyConnections(maxSocketsPerKey, 'API key')
        : (perAddress.get(address) ?? 0) >= limits.maxSocketsPerAddress
          ? tooManyConnections(limits.maxSocketsPerAddress, 'address')
          : undefined
    if (refusal) {
      logCall('ws', key)({ method: '(connection)', status: 429, durationMs: 0 })
      refuseUpgrade(socket, 429, errorBody(refusal))
      return
    }
    // Counted from here, so upgrades completing together cannot pass the caps together.
    count(perKey, key, 1)
    count(perAddress, address, 1)
    let counted = true
    const uncount = () => {
      if (!counted) return
      counted = false
      count(perKey, key, -1)
      count(perAddress, address, -1)
    }
    socket.once('close', uncount)
    webSockets.handleUpgrade(request, socket, head, (ws) => {
      ws.once('close', uncount)
      serve(ws, key, request.headers.origin)
    })
  })

  const perKey = new Map<string, number>()
  const perAddress = new Map<string, number>()
  const count = (counts: Map<string, number>, name: string, change: 1 | -1): void => {
    const next = (counts.get(name) ?? 0) + change
    if (next > 0) counts.set(name, next)
    else counts.delete(name)
  }

  const alive = new WeakMap<WebSocket, boolean>()
  const heartbeat = setInterval(() => {
    for (const ws of webSockets.clients) {
      if (alive.get(ws) === false) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
  }, 30_000)
  heartbeat.unref()

  function serve(ws: WebSocket, key: string, origin: string | undefined): void {
    alive.set(ws, true)
    ws.on('pong', () => alive.set(ws, true))
    const { maxPendingPerSocket } = parameters.limitsFor(key)
    let pending = 0
    let overflowed = false

    /**
     * Sends unless the client stopped reading: past `maxBufferedBytes` of unsent data the socket is
     * closed (1013) and cut, its subscriptions end upstream at once, and its buffers are freed.
     * `afterWrite` hears whether the message was handed to the kernel: ws reports a write that
     * failed under a reset socket as done, so a socket no longer open counts as not written.
     */
    const send = (data: ResponseText, afterWrite?: AfterWrite): void => {
      if (overflowed || ws.readyState !== WebSocket.OPEN) {
        afterWrite?.(false)
        return
      }
      if (ws.bufferedAmount > limits.maxBufferedBytes) {
        afterWrite?.(false)
        overflowed = true
        log.warn(
          { key: keyPrefix(key), bufferedBytes: ws.bufferedAmount },
          'websocket closed: the client does not read',
        )
        subscriptions.release(client)
        ws.close(
          1013,
          `client does not read: more than ${limits.maxBufferedBytes} bytes unsent; reconnect`,
        )
        setTimeout(() => ws.terminate(), closeGraceMs).unref()
        return
      }
      const sent =
        afterWrite && ((error?: Error) => afterWrite(!error && ws.readyState === WebSocket.OPEN))
      if (typeof data === 'string') {
        ws.send(data, sent)
        return
      }
      // A raw upstream result goes out as the fragments of one text message, piece by piece as it
      // arrived: joining megabytes into one buffer first would double what the answer costs.
      data.forEach((piece, index) => {
        const fin = index === data.length - 1
        ws.send(piece, { binary: false, fin }, fin ? sent : undefined)
      })
    }
    const client: SubscriptionClient = {
      send,
      upstreamLost: () => ws.close(1012, 'upstream connection lost; reconnect and resubscribe'),
    }
    const context: CallContext = { apiKey: key, transport: 'ws', client }
    const record = logCall('ws', key)
    ws.on('message', (data: RawData) => {
      if (overflowed) return
      const body = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data)
      if (pending >= maxPendingPerSocket) {
        record({ method: '(pending)', status: -32005, durationMs: 0 })
        const refusal = refusalOf(body, tooManyPendingRequests(maxPendingPerSocket))
        if (refusal !== undefined) send(refusal)
        return
      }
      pending += 1
      // The socket's origin was admitted at the upgrade; each message still counts against the
      // key's methods, contracts and request limits.
      new Promise<Refusal | undefined>((resolve) =>
        resolve(parameters.admission.admit(key, { origin, body })),
      )
        .then(async (refusal) => {
          if (!refusal) return answerRequests(body, handler, context, record)
          record({ method: '(refused)', status: refusal.error.code, durationMs: 0 })
          return refusalOf(body, refusal.error)
        })
        .then(
          (answered) => {
            if (answered === undefined) return
            if (isWatched(answered)) send(answered.text, answered.afterWrite)
            else send(answered)
          },
          (error: unknown) => log.error({ err: error }, 'websocket request failed'),
        )
        .finally(() => {
          pending -= 1
        })
    })
    ws.on('error', (error) => log.warn({ err: error, key: keyPrefix(key) }, 'websocket error'))
    ws.on('close', () => subscriptions.release(client))
  }

  return {
    size: () => webSockets.clients.size,
    close() {
      clearInterval(heartbeat)
      for (const ws of webSockets.clients) ws.terminate()
      webSockets.close()
    },
  }
}
