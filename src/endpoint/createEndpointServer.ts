import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify'
import { invalidProjectId, invalidRequest } from '../core/rpc/errors.ts'
import { errorBody } from './answerRequests.ts'
import { createCallLog, type LogCall, type LogLevel } from './callLog.ts'
import { createHttpCallFront } from './createHttpCallFront.ts'
import type { RpcHandler } from './createRpcHandler.ts'
import type { SubscriptionRelay } from './createSubscriptionRelay.ts'
import type { UpstreamClient } from './createUpstreamClient.ts'
import { registerHttpRoutes } from './httpRoutes.ts'
import type { Admission } from './keys/createAdmission.ts'
import type { EndpointLimits, LimitsFor } from './limits.ts'
import type { EndpointMetrics } from './metrics/createMetrics.ts'
import { serveMetrics } from './metrics/serveMetrics.ts'
import { rawErrorResponse } from './rawErrorResponse.ts'
import type { FilterStore } from './state/filterStore.ts'
import { type LogFormat, textLogStream } from './textLogLine.ts'
import { serveWebSockets } from './webSocketServer.ts'

export type CreateEndpointServerParameters = {
  /** The call `/healthz` makes to the node, and the field its result is reported under. */
  identity: { method: string; field: string }
  /** The keys file's per-key allowlists and request limits. */
  admission: Admission
  /** Served on `GET /metrics`; every call is counted there. */
  metrics: EndpointMetrics
  /** When given, `GET /metrics` needs it as a bearer token (`serveMetrics.ts`). */
  metricsToken?: string | undefined
  apiKeys: string[]
  handler: RpcHandler
  upstream: UpstreamClient
  filters: FilterStore
  subscriptions: SubscriptionRelay
  logLevel: LogLevel
  /** pino JSON lines (`json`) or one readable line each (`text`), on stdout. */
  logFormat: LogFormat
  /** At `info`, one successful call in this many is logged (failed calls always). */
  logSampleEvery: number
  bodyLimitBytes: number
  limits: EndpointLimits
  limitsFor: LimitsFor
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void

/** Node's parser refusals as JSON-RPC: headers too large, a request too slow, malformed HTTP. */
function clientErrorBody(code: string | undefined): { status: number; body: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: errorBody(invalidRequest('request headers too large')) }
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: errorBody(invalidRequest('request not received in time')) }
  }
  return { status: 400, body: errorBody(invalidRequest('malformed HTTP request')) }
}

export type EndpointServer = {
  app: FastifyInstance
  /** Client WebSockets open now. */
  openSockets(): number
  /** Closes every client socket, then the HTTP server. */
  close(): Promise<void>
}

/**
 * The endpoint's front (DESIGN §5): one fastify server on its port, whose `POST /v3/<KEY>` calls
 * are taken before fastify and answered by `createHttpCallFront.ts` on node:http directly (the hot
 * path: no framework work per call), every other request by fastify (`httpRoutes.ts`,
 * `/metrics`), the WebSocket upgrades by `webSocketServer.ts`; one structured log line per
 * JSON-RPC call (`callLog.ts`).
 */
export function createEndpointServer(parameters: CreateEndpointServerParameters): EndpointServer {
  const { handler, upstream, filters, subscriptions, bodyLimitBytes, limits } = parameters
  const keys = new Set(parameters.apiKeys)
  // A closing server leaves every request to fastify, which answers 503 then.
  let closing = false
  const app = Fastify({
    logger:
      parameters.logFormat === 'text'
        ? { level: parameters.logLevel, stream: textLogStream(process.stdout) }
        : { level: parameters.logLevel },
    bodyLimit: bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node checks the two timeouts above this often (30 s by default, longer than they are).
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(1000, limits.headersTimeoutMs / 2, limits.requestTimeoutMs / 2),
      ),
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return
      const { status, body } = clientErrorBody(error.code)
      app.log.info({ transport: 'http', status }, 'http')
      if (socket.writable) socket.end(rawErrorResponse(status, body))
      socket.destroySoon()
    },
    // One line per JSON-RPC call replaces fastify's two lines per HTTP request.
    logController: new LogController({ disableRequestLogging: true }),
    // No request logs are written, so no per-request child logger is made either (~2 % of the
    // endpoint's JavaScript time per call): request.log is the server's logger.
    childLoggerFactory: (logger) => logger,
    forceCloseConnections: true,
    keepAliveTimeout: 65_000,
    // A path fastify cannot decode (`/v3/%`) never reaches a route: under /v3/ its key segment is
    // no known key (401, as over WebSocket), elsewhere there is no such path (404).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      reply.header('access-control-allow-origin', '*')
      reply.header('content-type', 'application/json; charset=utf-8')
      if (error.code !== 'FST_ERR_BAD_URL') {
        return reply.code(error.statusCode ?? 400).send(errorBody(invalidRequest(error.message)))
      }
      if (request.url.startsWith('/v3/')) return reply.code(401).send(errorBody(invalidProjectId()))
      return reply.code(404).send(errorBody(invalidRequest('no such path')))
    },
  })
  const logLine = createCallLog(app.log, parameters.logLevel, {
    sampleEvery: parameters.logSampleEvery,
  })
  const logCall: LogCall = (transport, key) => {
    const line = logLine(transport, key)
    return (call) => {
      line(call)
      parameters.metrics.recordCall(transport, key, call)
    }
  }

  serveMetrics(app, { metrics: parameters.metrics, token: parameters.metricsToken })

  const webSockets = serveWebSockets({
    admission: parameters.admission,
    server: app.server,
    keys,
    handler,
    subscriptions,
    bodyLimitBytes,
    limits,
    limitsFor: parameters.limitsFor,
    logCall,
    log: app.log,
  })
  const calls = createHttpCallFront({
    keys,
    admission: parameters.admission,
    handler,
    bodyLimitBytes,
    logCall,
    log: app.log,
  })
  // The front sees every request of the server first and takes `POST /v3/<KEY>`; fastify's own
  // listener gets the rest. (With `--host localhost` fastify also listens on the second address,
  // with its listener alone: its `/v3/:key` route answers the same way.)
  const [fastifyListener, ...otherListeners] = app.server.listeners('request') as RequestListener[]
  if (!fastifyListener || otherListeners.length > 0) {
    throw new Error('fastify was expected to serve requests from exactly one listener')
  }
  app.server.removeListener('request', fastifyListener)
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closing || !calls.serve(request, response)) fastifyListener(request, response)
  })
  registerHttpRoutes(app, {
    identity: parameters.identity,
    calls,
    upstream,
    bodyLimitBytes,
    counts: async () => ({
      // Without its state store (Redis down) the endpoint still serves what does not need it.
      filters: await filters.size().catch(() => null),
      subscriptions: subscriptions.size(),
      connections: webSockets.size(),
    }),
  })

  return {
    app,
    openSockets: () => webSockets.size(),
    async close() {
      closing = true
      webSockets.close()
      await app.close()
    },
  }
}
