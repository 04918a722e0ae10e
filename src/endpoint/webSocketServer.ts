import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { invalidProjectId, invalidRequest } from '../core/rpc/errors.ts'
import { answerRequests, errorBody, type ResponseText } from './answerRequests.ts'
import { keyPrefix, type LogCall } from './callLog.ts'
import type { CallContext, RpcHandler } from './createRpcHandler.ts'
import type { SubscriptionClient, SubscriptionRelay } from './createSubscriptionRelay.ts'

export type EndpointWebSocketsParameters = {
  server: Server
  keys: ReadonlySet<string>
  handler: RpcHandler
  subscriptions: SubscriptionRelay
  bodyLimitBytes: number
  logCall: LogCall
  log: FastifyBaseLogger
}

export type EndpointWebSockets = {
  /** Open client sockets, for /healthz. */
  size(): number
  /** Terminates every client socket and stops accepting new ones. */
  close(): void
}

const singleBuffer = (text: ResponseText): string | Buffer =>
  typeof text === 'string' ? text : Buffer.concat(text)

function refuseUpgrade(socket: Duplex, status: 401 | 404, body: string): void {
  const reason = status === 401 ? 'Unauthorized' : 'Not Found'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Access-Control-Allow-Origin: *\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  )
}

/**
 * The endpoint's WebSocket front (DESIGN §5): upgrades on `/ws/v3/<KEY>` for a known key (401
 * otherwise, 404 on other paths), the same JSON-RPC calls as HTTP plus subscriptions, whose upstream
 * ends go when the socket closes; idle sockets are pinged every 30 s and dropped without a pong.
 */
export function serveWebSockets(parameters: EndpointWebSocketsParameters): EndpointWebSockets {
  const { keys, handler, subscriptions, logCall, log } = parameters
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
    webSockets.handleUpgrade(request, socket, head, (ws) => serve(ws, key))
  })

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

  function serve(ws: WebSocket, key: string): void {
    alive.set(ws, true)
    ws.on('pong', () => alive.set(ws, true))
    const client: SubscriptionClient = {
      send: (text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(text)
      },
      upstreamLost: () => ws.close(1012, 'upstream connection lost; reconnect and resubscribe'),
    }
    const context: CallContext = { apiKey: key, transport: 'ws', client }
    const record = logCall('ws', key)
    ws.on('message', (data: RawData) => {
      const body = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data)
      answerRequests(body, handler, context, record).then(
        (response) => {
          if (response !== undefined && ws.readyState === WebSocket.OPEN) {
            ws.send(singleBuffer(response))
          }
        },
        (error: unknown) => log.error({ err: error }, 'websocket request failed'),
      )
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
