import type { ServerResponse } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { invalidProjectId, invalidRequest } from '../core/rpc/errors.ts'
import {
  answerRequests,
  errorBody,
  isWatched,
  type ResponseText,
  serializeResponse,
} from './answerRequests.ts'
import { type LogCall, redactPath } from './callLog.ts'
import type { AfterWrite, RpcHandler } from './createRpcHandler.ts'
import { type UpstreamClient, UpstreamError } from './createUpstreamClient.ts'
import type { Admission } from './keys/createAdmission.ts'

export type HttpRoutesParameters = {
  /** The call `/healthz` makes to the node (`eth_chainId`, `getGenesisHash`) and its field. */
  identity: { method: string; field: string }
  keys: ReadonlySet<string>
  /** The keys file's per-key allowlists and request limits. */
  admission: Admission
  handler: RpcHandler
  upstream: UpstreamClient
  bodyLimitBytes: number
  logCall: LogCall
  /** Live filters, subscriptions and sockets, for /healthz. */
  counts(): Promise<{ filters: number | null; subscriptions: number; connections: number }>
}

/** Answers up to this size are joined and sent as one buffer; larger ones go as their pieces. */
const smallAnswerBytes = 64 * 1024

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

/**
 * Tells `afterWrite` whether `response` was written out, i.e. handed whole to the kernel: 'finish'
 * on a socket without error. Node 20 emits 'finish' even when the socket failed under the last
 * write (a client that reset the connection with the answer half-sent), hence the socket check. A
 * response closed before 'finish', or whose client left before it was sent, was not written.
 */
function watchWrite(response: ServerResponse, afterWrite: AfterWrite): void {
  if (response.destroyed) {
    afterWrite(false)
    return
  }
  const { socket } = response
  let settled = false
  const settle = (written: boolean) => {
    if (settled) return
    settled = true
    afterWrite(written)
  }
  response.once('finish', () => settle(!socket?.errored))
  response.once('close', () => settle(false))
}

/**
 * The endpoint's HTTP routes (DESIGN §5): `POST /v3/<KEY>`, `GET /healthz`, CORS for any origin
 * (preflights included), 401 for an unknown key, 404 elsewhere, 413 over the body limit, each
 * refusal with a JSON-RPC error body.
 */
export function registerHttpRoutes(app: FastifyInstance, parameters: HttpRoutesParameters): void {
  const { keys, handler, upstream, bodyLimitBytes, logCall } = parameters

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

  app.post<{ Params: { key: string } }>('/v3/:key', async (request, reply) => {
    const { key } = request.params
    reply.header('content-type', 'application/json; charset=utf-8')
    if (!keys.has(key)) {
      logCall('http', key)({ method: '(unauthorized)', status: 401, durationMs: 0 })
      return reply.code(401).send(errorBody(invalidProjectId()))
    }
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const refusal = await parameters.admission.admit(key, { origin: request.headers.origin, body })
    if (refusal) {
      logCall('http', key)({ method: '(refused)', status: refusal.error.code, durationMs: 0 })
      return reply.code(refusal.status).send(errorBody(refusal.error))
    }
    const answered = await answerRequests(
      body,
      handler,
      { apiKey: key, transport: 'http' },
      logCall('http', key),
    )
    if (answered === undefined) return reply.code(204).send()
    let response: ResponseText
    if (isWatched(answered)) {
      watchWrite(reply.raw, answered.afterWrite)
      response = answered.text
    } else response = answered
    if (typeof response === 'string') return reply.send(response)
    // A small answer around a node's result (a cache hit) goes as one buffer, in one write.
    const bytes = response.reduce((total, piece) => total + piece.length, 0)
    if (bytes <= smallAnswerBytes) return reply.send(Buffer.concat(response, bytes))
    return sendPieces(reply, response)
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

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    reply.header('content-type', 'application/json; charset=utf-8')
    if (status === 413) {
      app.log.info({ transport: 'http', status: 413 }, 'http')
      return reply
        .code(413)
        .send(errorBody(invalidRequest(`body larger than ${bodyLimitBytes} bytes`)))
    }
    if (status < 500) return reply.code(status).send(errorBody(invalidRequest(error.message)))
    app.log.error({ err: error }, 'unexpected failure')
    return reply
      .code(500)
      .send(serializeResponse(null, { error: { code: -32603, message: 'Internal error' } }))
  })
}
