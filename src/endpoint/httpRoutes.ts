import type { FastifyError, FastifyInstance } from 'fastify'
import { invalidRequest, unexpectedFailure } from '../core/rpc/errors.ts'
import { errorBody } from './answerRequests.ts'
import { redactPath } from './callLog.ts'
import type { HttpCallFront } from './createHttpCallFront.ts'
import { type UpstreamClient, UpstreamError } from './createUpstreamClient.ts'
import { closeLingering } from './lingeringClose.ts'
import { isMetricsPath } from './metrics/serveMetrics.ts'

export type HttpRoutesParameters = {
  /** The call `/healthz` makes to the node (`eth_chainId`, `getGenesisHash`) and its field. */
  identity: { method: string; field: string }
  /** Answers `POST /v3/<KEY>` (DESIGN §5). */
  calls: HttpCallFront
  upstream: UpstreamClient
  bodyLimitBytes: number
  /** Live filters, subscriptions and sockets, for /healthz. */
  counts(): Promise<{ filters: number | null; subscriptions: number; connections: number }>
}

/**
 * The endpoint's HTTP routes behind its front (DESIGN §5): `GET /healthz`, CORS preflights, 404
 * elsewhere, and the `POST /v3/<KEY>` paths the front leaves (an escaped or undecodable key: 401,
 * a key longer than 100 characters: 414), with 413 over the body limit (then a lingering close,
 * `lingeringClose.ts`, as on the front); every answer but `/metrics`'s with
 * `Access-Control-Allow-Origin: *`, every refusal with a JSON-RPC error body.
 */
export function registerHttpRoutes(app: FastifyInstance, parameters: HttpRoutesParameters): void {
  const { calls, upstream, bodyLimitBytes } = parameters

  app.removeAllContentTypeParsers()
  // Bodies are read as bytes whatever their content type (browsers send text/plain to skip a
  // preflight); JSON parsing happens after the API key check.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.addHook('onRequest', (request, reply, done) => {
    if (!isMetricsPath(request.url)) reply.header('access-control-allow-origin', '*')
    done()
  })

  app.options('*', (request, reply) => {
    // The metrics are for the operator's scraper, not for pages: their preflight allows nothing.
    if (isMetricsPath(request.url)) return reply.code(204).send()
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
    const counts = await parameters.counts()
    try {
      const { method, field } = parameters.identity
      const answer = await upstream.call(method, [], { timeoutMs: 2000 })
      const identity = 'result' in answer ? answer.result : null
      return reply.send({ status: 'ok', upstream: 'ok', [field]: identity, ...counts })
    } catch (error) {
      app.log.warn({ err: error }, 'health check: upstream failure')
      return reply.code(503).send({
        status: 'degraded',
        upstream: 'unreachable',
        cause: error instanceof UpstreamError ? error.publicCause : 'internal failure',
        ...counts,
      })
    }
  })

  // The front answers `POST /v3/<KEY>` before fastify (`createHttpCallFront.ts`); a path it does
  // not read itself (an escaped key) reaches this route, with its body read here.
  app.post<{ Params: { key: string } }>('/v3/:key', (request, reply) => {
    reply.hijack()
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    calls.answer(request.params.key, request.headers.origin, body, reply.raw)
  })

  app.setNotFoundHandler((request, reply) => {
    app.log.info({ transport: 'http', path: redactPath(request.url), status: 404 }, 'http')
    reply
      .code(404)
      .header('content-type', 'application/json; charset=utf-8')
      .send(
        errorBody(invalidRequest(`no such path; use POST /v3/<API_KEY> or WS /ws/v3/<API_KEY>`)),
      )
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    reply.header('content-type', 'application/json; charset=utf-8')
    if (status === 413) {
      app.log.info({ transport: 'http', status: 413 }, 'http')
      // As on the front: the connection closes after the answer, once the client has had it.
      closeLingering(request.raw)
      return reply
        .code(413)
        .header('connection', 'close')
        .send(errorBody(invalidRequest(`body larger than ${bodyLimitBytes} bytes`)))
    }
    if (status < 500) return reply.code(status).send(errorBody(invalidRequest(error.message)))
    app.log.error({ err: error }, 'unexpected failure')
    return reply.code(500).send(errorBody(unexpectedFailure()))
  })
}
