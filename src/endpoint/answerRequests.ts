import { boundErrorObject, invalidRequest, parseError, RpcError } from '../core/rpc/errors.ts'
import { parseRequest } from '../core/rpc/parseRequest.ts'
import type { RpcErrorObject, RpcId, RpcRequest } from '../core/rpc/types.ts'
import type { RpcHandler } from './createRpcHandler.ts'
import type { AfterWrite, CallContext, RpcAnswer } from './types.ts'

/** The most requests one batch may hold. */
export const maxBatchSize = 1000

/** What one call did, for the request log. */
export type CallRecord = { method: string; status: 'ok' | number; durationMs: number }

/**
 * A response's wire text: a string, or, around a raw upstream result, the pieces to write one after
 * the other (never joined into one copy).
 */
export type ResponseText = string | Buffer[]

/**
 * A response holding answers that wait to hear whether it was written out (a filter poll with
 * changes): the transport calls `afterWrite` once, after writing `text` or failing to.
 */
export type WatchedResponse = { text: ResponseText; afterWrite: AfterWrite }

/** What a request body gets: a response, or one whose writing must be watched. */
export type AnsweredBody = ResponseText | WatchedResponse

export const isWatched = (answered: AnsweredBody): answered is WatchedResponse =>
  typeof answered === 'object' && !Array.isArray(answered)

const closingBrace = Buffer.from('}')

/**
 * One JSON-RPC response as wire text. A raw upstream result is spliced in as its pieces, so a large
 * log query is never parsed, re-serialized or copied; a shared result's text (`resultText`, made
 * once for all its callers) is put after the caller's id.
 */
export function serializeResponse(
  id: RpcId,
  answer: RpcAnswer | { error: RpcError },
): ResponseText {
  if ('resultText' in answer) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${answer.resultText}}`
  }
  if ('rawResult' in answer) {
    return [
      Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`),
      ...answer.rawResult,
      closingBrace,
    ]
  }
  if ('result' in answer) return JSON.stringify({ jsonrpc: '2.0', id, result: answer.result })
  const error: RpcErrorObject =
    answer.error instanceof RpcError ? answer.error.toJSON() : boundErrorObject(answer.error)
  return JSON.stringify({ jsonrpc: '2.0', id, error })
}

/** A JSON-RPC error body with `id: null`, for refusals before any call (401, 404, 413, …). */
export const errorBody = (error: RpcError): string => serializeResponse(null, { error }) as string

/**
 * A refusal of a whole body (a cap, a rate limit, a disallowed method…) as each call's own answer,
 * with the call's id: a WebSocket client matches answers by id, and an answer with `id: null`
 * would leave its request waiting for ever. Notifications get nothing; a body that is not JSON, or
 * a batch over `maxBatchSize`, gets one answer with `id: null`.
 */
export function refusalOf(body: Buffer, error: RpcError): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    return errorBody(error)
  }
  const refuseOne = (item: unknown): string | undefined => {
    const parsed = parseRequest(item)
    if ('error' in parsed) return serializeResponse(parsed.id, { error }) as string
    if (!('id' in parsed.request)) return undefined
    return serializeResponse(parsed.request.id ?? null, { error }) as string
  }
  if (!Array.isArray(value)) return refuseOne(value)
  if (value.length === 0 || value.length > maxBatchSize) return errorBody(error)
  const answers = value.map(refuseOne).filter((answer) => answer !== undefined)
  return answers.length === 0 ? undefined : `[${answers.join(',')}]`
}

const statusOf = (answer: RpcAnswer): 'ok' | number =>
  'error' in answer ? answer.error.code : 'ok'

/**
 * One call of a body: its response text, or undefined for a notification. An answer that waits
 * for its delivery joins `afterWrites` (a notification's hears `false` at once). A module function,
 * not a closure made per body: the hot path of a cache hit creates as little as it can.
 */
async function answerOne(
  item: unknown,
  handler: RpcHandler,
  context: CallContext,
  record: (call: CallRecord) => void,
  afterWrites: AfterWrite[],
): Promise<ResponseText | undefined> {
  const parsed = parseRequest(item)
  if ('error' in parsed) {
    record({ method: '(invalid)', status: parsed.error.code, durationMs: 0 })
    return serializeResponse(parsed.id, { error: parsed.error })
  }
  const request: RpcRequest = parsed.request
  const started = performance.now()
  const answer = await handler.handle(request, context)
  record({
    method: request.method,
    status: statusOf(answer),
    durationMs: performance.now() - started,
  })
  if (!('id' in request)) {
    answer.afterWrite?.(false)
    return undefined
  }
  if (answer.afterWrite) afterWrites.push(answer.afterWrite)
  return serializeResponse(request.id ?? null, answer)
}

/** `text`, or, when some of its answers wait to hear of its delivery, a response telling them. */
function watched(text: ResponseText, afterWrites: AfterWrite[]): AnsweredBody {
  if (afterWrites.length === 0) return text
  return {
    text,
    afterWrite: (written) => {
      for (const settle of afterWrites) settle(written)
    },
  }
}

/**
 * Answers a request body (single or batch, DESIGN §5): malformed JSON → `-32700`, not a request or an
 * empty batch → `-32600`, each call through `handler`. Resolves with the response text, or
 * undefined when every call was a notification (nothing to send). `record` sees every call.
 *
 * An answer whose effect waits for its delivery (`RpcAnswer.afterWrite`) hears `false` at once from
 * a notification (it is never sent); otherwise the response is a `WatchedResponse`, whose
 * `afterWrite` tells every such answer of the body (a whole batch is written or not as one).
 */
export async function answerRequests(
  body: Buffer | string,
  handler: RpcHandler,
  context: CallContext,
  record: (call: CallRecord) => void,
): Promise<AnsweredBody | undefined> {
  let value: unknown
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'))
  } catch {
    record({ method: '(unparsable)', status: -32700, durationMs: 0 })
    return serializeResponse(null, { error: parseError() })
  }

  const afterWrites: AfterWrite[] = []
  if (!Array.isArray(value)) {
    const response = await answerOne(value, handler, context, record, afterWrites)
    return response === undefined ? undefined : watched(response, afterWrites)
  }
  if (value.length === 0) return serializeResponse(null, { error: invalidRequest('empty batch') })
  if (value.length > maxBatchSize) {
    return serializeResponse(null, {
      error: invalidRequest(`a batch holds at most ${maxBatchSize} requests`),
    })
  }
  const responses = (
    await Promise.all(value.map((item) => answerOne(item, handler, context, record, afterWrites)))
  ).filter((response): response is ResponseText => response !== undefined)
  if (responses.length === 0) return undefined
  if (responses.every((response) => typeof response === 'string')) {
    return watched(`[${responses.join(',')}]`, afterWrites)
  }
  const pieces: Buffer[] = [Buffer.from('[')]
  responses.forEach((response, index) => {
    if (index > 0) pieces.push(Buffer.from(','))
    if (typeof response === 'string') pieces.push(Buffer.from(response))
    else pieces.push(...response)
  })
  pieces.push(Buffer.from(']'))
  return watched(pieces, afterWrites)
}
