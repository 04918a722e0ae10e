import type { IncomingMessage, ServerResponse } from 'node:http'
import { invalidProjectId, invalidRequest, unexpectedFailure } from '../core/rpc/errors.ts'
import {
  type AnsweredBody,
  answerRequests,
  errorBody,
  isWatched,
  type ResponseText,
} from './answerRequests.ts'
import type { LogCall } from './callLog.ts'
import type { RpcHandler } from './createRpcHandler.ts'
import { createTurnWriter } from './createTurnWriter.ts'
import type { Admission, Refusal } from './keys/createAdmission.ts'
import { closeLingering } from './lingeringClose.ts'
import { readRequestBody } from './readRequestBody.ts'
import type { AfterWrite, CallContext } from './types.ts'

export type HttpCallFrontParameters = {
  keys: ReadonlySet<string>
  /** The keys file's per-key allowlists and request limits. */
  admission: Admission
  handler: RpcHandler
  bodyLimitBytes: number
  logCall: LogCall
  /** Where refusals before any call (413) and the endpoint's own failures are logged. */
  log: {
    info(fields: Record<string, unknown>, message: string): void
    error(fields: Record<string, unknown>, message: string): void
  }
}

export type HttpCallFront = {
  /**
   * Takes `POST /v3/<KEY>` (a plain key segment, at most 100 characters, an optional query) and
   * answers it; returns false for any other request, which is left untouched.
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean
  /** Answers the body of a `POST /v3/<KEY>` whose body was already read (fastify's route). */
  answer(key: string, origin: string | undefined, body: Buffer, response: ServerResponse): void
}

/**
 * An answer around node results goes as its pieces, corked into one write: joining them first
 * would copy every byte again (a cached busy block, ~44 KB, cost 60 % more CPU joined). Only a
 * batch's many small pieces (more than `fewPieces`, at most `joinedBytes` in all) are joined,
 * where one copy is cheaper than a write call per piece.
 */
const fewPieces = 16
const joinedBytes = 64 * 1024

/** The longest key segment fastify's router would take (`maxParamLength`); longer ones are its 414. */
const maxKeySegment = 100

const jsonType = 'application/json; charset=utf-8'

/** Who calls: an accepted key's context and call recorder. */
type Caller = { context: CallContext; record: ReturnType<LogCall> }

/** Whether `code` is a character of an API key: a letter, a digit, `_` or `-`. */
const isKeyCharacter = (code: number): boolean =>
  (code >= 97 && code <= 122) || // a-z
  (code >= 65 && code <= 90) || // A-Z
  (code >= 48 && code <= 57) || // 0-9
  code === 95 || // _
  code === 45 // -

/**
 * The key of `/v3/<KEY>` (with an optional `?query` or `#fragment`) when the segment is plain key
 * characters, as fastify's router reads it; undefined for anything else (an escape, a second
 * segment, an empty or long key), which fastify answers as before.
 */
export function keyOfPath(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith('/v3/')) return undefined
  let end = 4
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end)
    if (code === 63 || code === 35) break // ? #
    if (!isKeyCharacter(code)) return undefined
  }
  if (end === 4 || end - 4 > maxKeySegment) return undefined
  return url.slice(4, end)
}

/** Writes a whole JSON answer (a string or one buffer) with the headers every answer carries. */
function writeJson(response: ServerResponse, status: number, text: string | Buffer): void {
  response.writeHead(status, {
    'access-control-allow-origin': '*',
    'content-type': jsonType,
    'content-length': typeof text === 'string' ? Buffer.byteLength(text) : text.length,
  })
  response.end(text)
}

/** Writes the pieces of a response as they are, with their total length, in one corked write. */
function writePieces(response: ServerResponse, pieces: Buffer[], bytes: number): void {
  response.writeHead(200, {
    'access-control-allow-origin': '*',
    'content-type': jsonType,
    'content-length': bytes,
  })
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
 * The endpoint's JSON-RPC calls over HTTP (DESIGN §5): `POST /v3/<KEY>` answered on node:http
 * directly, without a web framework's per-request work (routing, hooks, a content-type parser, a
 * reply object): the body read as bytes up to the limit (413), CORS for any origin, the key (401),
 * the keys file's admission (402/403/429), then every call through `handler`, each logged and
 * counted; answers made in one turn of the event loop are written together (`createTurnWriter`).
 * Every other request (preflights, `/healthz`, `/metrics`, 404s, paths it does not
 * read) is left to the server's framework.
 */
export function createHttpCallFront(parameters: HttpCallFrontParameters): HttpCallFront {
  const { keys, admission, handler, bodyLimitBytes, logCall, log } = parameters
  const tooLargeBody = errorBody(invalidRequest(`body larger than ${bodyLimitBytes} bytes`))
  const unknownKeyBody = errorBody(invalidProjectId())
  const writeTogether = createTurnWriter()
  /**
   * Each accepted key's call context and recorder, made once: not an object and two closures per
   * request (`logCall` and the server's wrapper). Bounded by `keys`; an unknown key's refusal is
   * recorded as it comes.
   */
  const callers = new Map<string, Caller>()
  const callerOf = (key: string): Caller => {
    let caller = callers.get(key)
    if (caller === undefined) {
      caller = { context: { apiKey: key, transport: 'http' }, record: logCall('http', key) }
      callers.set(key, caller)
    }
    return caller
  }
  /** Hands an answer's write to the turn's writer (`createTurnWriter.ts`). */
  const send = (response: ServerResponse, write: () => void) =>
    writeTogether(write, (error) => {
      log.error({ err: error }, 'unexpected failure')
      response.destroy()
    })

  /**
   * A failure of the endpoint's own while answering: logged, then a 500, or the connection
   * dropped once the answer's head went.
   */
  function fail(response: ServerResponse, error: unknown): void {
    log.error({ err: error }, 'unexpected failure')
    if (response.headersSent) {
      response.destroy()
      return
    }
    const failed = errorBody(unexpectedFailure())
    send(response, () => writeJson(response, 500, failed))
  }

  /** Writes what the calls of a body came to (nothing for notifications only: 204). */
  function write(response: ServerResponse, answered: AnsweredBody | undefined): void {
    if (answered === undefined) {
      send(response, () => {
        response.writeHead(204, { 'access-control-allow-origin': '*', 'content-type': jsonType })
        response.end()
      })
      return
    }
    let text: ResponseText
    if (isWatched(answered)) {
      watchWrite(response, answered.afterWrite)
      text = answered.text
    } else text = answered
    if (typeof text === 'string') {
      const whole = text
      send(response, () => writeJson(response, 200, whole))
      return
    }
    const pieces = text
    const bytes = pieces.reduce((total, piece) => total + piece.length, 0)
    if (pieces.length > fewPieces && bytes <= joinedBytes) {
      const joined = Buffer.concat(pieces, bytes)
      send(response, () => writeJson(response, 200, joined))
      return
    }
    send(response, () => writePieces(response, pieces, bytes))
  }

  /** The calls of an admitted body (or the body's refusal), answered. */
  function admitted(
    caller: Caller,
    body: Buffer,
    response: ServerResponse,
    refusal: Refusal | undefined,
  ): void {
    if (refusal) {
      caller.record({ method: '(refused)', status: refusal.error.code, durationMs: 0 })
      const refused = errorBody(refusal.error)
      send(response, () => writeJson(response, refusal.status, refused))
      return
    }
    answerRequests(body, handler, caller.context, caller.record).then(
      (answered) => {
        try {
          write(response, answered)
        } catch (error) {
          fail(response, error)
        }
      },
      (error: unknown) => fail(response, error),
    )
  }

  /**
   * The key, admission, then the calls. Nothing here waits on a value that is already there: a
   * key without request limits is admitted in the same turn, and the body's calls start at once
   * (one call at a time, every promise hop is work the endpoint does cold, between calls).
   */
  function answer(
    key: string,
    origin: string | undefined,
    body: Buffer,
    response: ServerResponse,
  ): void {
    if (!keys.has(key)) {
      logCall('http', key)({ method: '(unauthorized)', status: 401, durationMs: 0 })
      send(response, () => writeJson(response, 401, unknownKeyBody))
      return
    }
    try {
      const verdict = admission.admit(key, { origin, body })
      if (verdict instanceof Promise) {
        verdict
          .then((refusal) => admitted(callerOf(key), body, response, refusal))
          .catch((error: unknown) => fail(response, error))
      } else admitted(callerOf(key), body, response, verdict)
    } catch (error) {
      fail(response, error)
    }
  }

  return {
    answer,
    serve(request, response) {
      if (request.method !== 'POST') return false
      const key = keyOfPath(request.url)
      if (key === undefined) return false
      readRequestBody(request, bodyLimitBytes, (read) => {
        if ('body' in read) {
          answer(key, request.headers.origin, read.body, response)
          return
        }
        if (read.refused === 'gone') return
        log.info({ transport: 'http', status: 413 }, 'http')
        // The connection closes after the answer, once the client has had it (a lingering close).
        closeLingering(request)
        send(response, () => {
          response.writeHead(413, {
            'access-control-allow-origin': '*',
            connection: 'close',
            'content-type': jsonType,
            'content-length': Buffer.byteLength(tooLargeBody),
          })
          response.end(tooLargeBody)
        })
      })
      return true
    },
  }
}
