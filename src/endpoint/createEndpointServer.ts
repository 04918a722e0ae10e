import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { invalidProjectId, invalidRequest, type RpcError } from '../core/rpc/errors.ts'
import {
  answerRequests,
  type CallRecord,
  type ResponseText,
  serializeResponse,
} from './answerRequests.ts'
import type { FilterStore } from './createFilterStore.ts'
import type { CallContext, RpcHandler } from './createRpcHandler.ts'
import type { SubscriptionClient, SubscriptionRelay } from './createSubscriptionRelay.ts'
import type { UpstreamClient } from './createUpstreamClient.ts'

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'

export type CreateEndpointServerParameters = {
  apiKeys: string[]
  handler: RpcHandler
  upstream: UpstreamClient
  filters: FilterStore
  subscriptions: SubscriptionRelay
  logLevel: LogLevel
  bodyLimitBytes: number
}

export type EndpointServer = {
  app: FastifyInstance
  /** Closes every client socket, then the HTTP server. */
  close(): Promise<void>
}

const keyPrefix = (key: string): string => (key.length > 6 ? `${key.slice(0, 6)}…` : key)

const jsonError = (error: RpcError): string => serializeResponse(null, { error }) as string

/**
 * Sends the pieces of a large response as they are, with their total length, in one corked write:
 * fastify would need them joined into one buffer, a copy of megabytes.
 */
function sendPieces(reply: FastifyReply, pieces: Buffer[]): void {
  reply.hijack()
  const response = reply.raw
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value)
  }
  response.setHeader(
    'content-length',
    pieces.reduce((total, piece) => total + piece.length, 0),
  )
  response.writeHead(200)
  response.cork()
  for (const piece of pieces) response.write(piece)
  response.end()
  response.uncork()
}

const singleBuffer = (text: ResponseText): string | Buffer =>
  typeof text === 'string' ? text : Buffer.concat(text)

/**
 * The endpoint's HTTP and WebSocket front (DESIGN §5): `POST /v3/<KEY>`, `WS /ws/v3/<KEY>`,
 * `GET /healthz`, CORS for any origin, 401 for an unknown key, 404 elsewhere, 413 over the body limit,
 * and one structured log line per JSON-RPC call (transport, key prefix, method, status, duration).
 */
export function createEndpointServer(parameters: CreateEndpointServerParameters): EndpointServer {
  const { handler, upstream, filters, subscriptions, bodyLimitBytes } = parameters
  const keys = new Set(parameters.apiKeys)
  const app = Fastify({
    logger: { level: parameters.logLevel },
    bodyLimit: bodyLimitBytes,
    // One line per JSON-RPC call (below) replaces fastify's two lines per HTTP request.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
    keepAliveTimeout: 65_000,
    // A path fastify cannot decode (`/v3/%`) never reaches a route: under /v3/ its key segment is
    // no known key (401, as over WebSocket), elsewhere there is no such path (404).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      reply.header('access-control-allow-origin', '*')
      reply.header('content-type', 'application/json; charset=utf-8')
      if (error.code !== 'FST_ERR_BAD_URL') {
        return reply.code(error.statusCode ?? 400).send(jsonError(invalidRequest(error.message)))
      }
      if (request.url.startsWith('/v3/')) return reply.code(401).send(jsonError(invalidProjectId()))
      return reply.code(404).send(jsonError(invalidRequest('no such path')))
    },
  })

  const logsCalls = parameters.logLevel === 'info' || parameters.logLevel === 'debug'
  const logCall = (transport: 'http' | 'ws', key: string) => (call: CallRecord) => {
    if (!logsCalls) return
    app.log.info(
      {
        transport,
        key: keyPrefix(key),
        method: call.method,
        status: call.status,
        durationMs: Math.round(call.durationMs * 100) / 100,
      },
      'rpc',
    )
  }

  app.removeAllContentTypeParsers()
  // Bodies are read as bytes whatever their content type (browsers send text/plain to skip a
  // preflight); JSON parsing happens after the API key check.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*')
    done()
  })

  app.options('*', (request, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, GET, OPTIONS')
      .header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'content-type, authorization',
      )
      .header('access-control-max-age', '86400')
      .send()
  })

  app.get('/healthz', async (_request, reply) => {
    const counts = {
      filters: filters.size(),
      subscriptions: subscriptions.size(),
      connections: webSockets.clients.size,
    }
    try {
      const answer = await upstream.call('eth_chainId', [], { timeoutMs: 2000 })
      const chainId = 'result' in answer ? answer.result : null
      return reply.send({ status: 'ok', upstream: 'ok', chainId, ...counts })
    } catch (error) {
      return reply.code(503).send({
        status: 'degraded',
        upstream: 'unreachable',
        cause: error instanceof Error ? error.message : String(error),
        ...counts,
      })
    }
  })

  app.post<{ Params: { key: string } }>('/v3/:key', async (request, reply) => {
    const { key } = request.params
    reply.header('content-type', 'application/json; charset=utf-8')
    if (!keys.has(key)) {
      logCall('http', key)({ method: '(unauthorized)', status: 401, durationMs: 0 })
      return reply.code(401).send(jsonError(invalidProjectId()))
    }
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const response = await answerRequests(
      body,
      handler,
      { apiKey: key, transport: 'http' },
      logCall('http', key),
    )
    if (response === undefined) return reply.code(204).send()
    if (typeof response !== 'string') return sendPieces(reply, response)
    return reply.send(response)
  })

  app.setNotFoundHandler((request, reply) => {
    app.log.info(
      { transport: 'http', path: request.url.replace(/\/v3\/[^/?]+/, '/v3/…'), status: 404 },
      'http',
    )
    reply
      .code(404)
      .header('content-type', 'application/json; charset=utf-8')
      .send(
        jsonError(invalidRequest(`no such path; use POST /v3/<API_KEY> or WS /ws/v3/<API_KEY>`)),
      )
  })

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    reply.header('content-type', 'application/json; charset=utf-8')
    if (status === 413) {
      app.log.info({ transport: 'http', status: 413 }, 'http')
      return reply
        .code(413)
        .send(jsonError(invalidRequest(`body larger than ${bodyLimitBytes} bytes`)))
    }
    if (status < 500) return reply.code(status).send(jsonError(invalidRequest(error.message)))
    app.log.error({ err: error }, 'unexpected failure')
    return reply
      .code(500)
      .send(serializeResponse(null, { error: { code: -32603, message: 'Internal error' } }))
  })

  const webSockets = new WebSocketServer({ noServer: true, maxPayload: bodyLimitBytes })

  const refuseUpgrade = (socket: Duplex, status: 401 | 404, body: string) => {
    const reason = status === 401 ? 'Unauthorized' : 'Not Found'
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Access-Control-Allow-Origin: *\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  }

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://endpoint').pathname
    const match = /^\/ws\/v3\/([^/]+)$/.exec(path)
    if (!match?.[1]) {
      refuseUpgrade(socket, 404, jsonError(invalidRequest('no such path; use WS /ws/v3/<API_KEY>')))
      return
    }
    // Keys are `[A-Za-z0-9_-]+`, so the path segment is compared as it is: decoding it would only
    // add a way to throw (`/ws/v3/%`) in a handler that runs outside any request's error handling.
    const key = match[1]
    if (!keys.has(key)) {
      logCall('ws', key)({ method: '(unauthorized)', status: 401, durationMs: 0 })
      refuseUpgrade(socket, 401, jsonError(invalidProjectId()))
      return
    }
    webSockets.handleUpgrade(request, socket, head, (ws) => serveWebSocket(ws, key))
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

  function serveWebSocket(ws: WebSocket, key: string): void {
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
        (error: unknown) => app.log.error({ err: error }, 'websocket request failed'),
      )
    })
    ws.on('error', (error) => app.log.warn({ err: error, key: keyPrefix(key) }, 'websocket error'))
    ws.on('close', () => subscriptions.release(client))
  }

  return {
    app,
    async close() {
      clearInterval(heartbeat)
      for (const ws of webSockets.clients) ws.terminate()
      webSockets.close()
      await app.close()
    },
  }
}
