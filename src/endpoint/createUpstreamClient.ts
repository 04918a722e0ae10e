import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isObject } from '@metamask/utils'
import { pointReadMethods } from '../core/eth/methods.ts'
import { isRpcErrorObject } from '../core/rpc/isRpcErrorObject.ts'
import type { Json, RpcErrorObject } from '../core/rpc/types.ts'
import { createPipelinedPoster } from './createPipelinedPoster.ts'
import { UpstreamError } from './upstreamError.ts'

export { UpstreamError } from './upstreamError.ts'

/**
 * An upstream node's answer. A large `eth_getLogs` result can stay as its JSON text (`rawResult`,
 * the bytes between `"result":` and the closing brace, in the pieces they arrived in) so the
 * endpoint forwards it without parsing, re-serializing or even joining megabytes.
 */
export type UpstreamAnswer = { result: Json } | { rawResult: Buffer[] } | { error: RpcErrorObject }

export type UpstreamCallOptions = {
  timeoutMs: number
  /** Keep a result larger than `rawAboveBytes` as JSON text instead of parsing it. */
  raw?: boolean
  /**
   * An answer's body larger than this is not read on: the request is destroyed and the call fails
   * with a `too-large` `UpstreamError` (memory stays bounded whatever the node sends).
   */
  maxBytes?: number
  /** Sees each piece of the answer's body as it arrives, while the rest is still on its way. */
  onPiece?: (piece: Buffer) => void
  /**
   * A cheap point read (`batchableMethods`) that may share one upstream JSON-RPC batch with the
   * other such calls made in the same turn of the event loop.
   */
  batchable?: boolean
  /**
   * A small read, safe to send twice (the network's `pointReads`): it goes on the pipelined
   * connections (`createPipelinedPoster`) rather than through node:http.
   */
  pointRead?: boolean
}

/**
 * Calls that may share a batch: point reads (`src/core/eth`), so that sharing one never makes a call
 * wait long for another (`eth_call`, `eth_getLogs`, `eth_estimateGas` … always go alone).
 */
export const batchableMethods: ReadonlySet<string> = new Set(pointReadMethods)

export type CreateUpstreamClientOptions = {
  /**
   * The most batchable calls in one upstream batch; 1 sends each alone (a node that refuses
   * batches). Default 8: a node answers a batch's calls one after the other, so a large batch
   * would keep one of its cores busy while the others idle (docs/endpoint.md).
   */
  maxBatch?: number
  /** Exchanges of batchable calls with the node under way at once; more calls wait and go together. Default 4. */
  maxExchanges?: number
  /**
   * Point reads under way on one connection to the node at once (HTTP/1.1 pipelining); 1 sends
   * one at a time on each of up to 128 connections. Default 1.
   */
  pipelineDepth?: number
}

/** The largest answer to a point read (a batch of them goes through node:http, unbounded as before). */
const maxPointReadBytes = 64 * 1024 * 1024

export type UpstreamClient = {
  readonly url: string
  call(method: string, params: unknown, options: UpstreamCallOptions): Promise<UpstreamAnswer>
  /**
   * The same call with its params already serialized (`paramsTextOf`): the text the shared reads
   * and the cache were keyed by is the one sent, and it is not made twice.
   */
  callText(
    method: string,
    paramsText: string,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer>
  /** One JSON-RPC batch; answers in the order of `calls`. */
  batch(
    calls: Array<{ method: string; params: unknown }>,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer[]>
  close(): void
}

/** Results at least this large are kept raw when the caller asks for it; smaller ones are parsed. */
const rawAboveBytes = 64 * 1024

/** The JSON text a call's params are sent as (none are sent as `[]`). */
export const paramsTextOf = (params: unknown): string => JSON.stringify(params ?? [])

/** A request's text around params that are JSON already: the fields in `JSON.stringify`'s order. */
const requestText = (id: number, method: string, paramsText: string): string =>
  `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsText}}`

/** A call as it is sent: its method and its params' JSON text. */
type TextCall = { method: string; paramsText: string }

/** A batchable call waiting to be sent. */
type WaitingCall = TextCall & {
  timeoutMs: number
  /** When its time is up (ms since the epoch), counted from the call, not from the send. */
  deadline: number
  resolve(answer: UpstreamAnswer): void
  reject(error: unknown): void
}

/**
 * A keep-alive JSON-RPC client of the upstream node over node:http(s). Every call has a deadline;
 * when it passes, the upstream request is destroyed (the node sees the connection close).
 *
 * Batchable calls go upstream like a group commit: at most `maxExchanges` exchanges with the node
 * at once; a call made while they are all under way waits for the first to end, then goes with every
 * call that waited with it as one JSON-RPC batch (at most `maxBatch`). Under load the endpoint makes
 * one HTTP exchange for many calls instead of one each, which was most of its own work per call
 * (docs/performance.md); a quiet endpoint sends each call at once, alone, as it did before.
 */
export function createUpstreamClient(
  url: string,
  options: CreateUpstreamClientOptions = {},
): UpstreamClient {
  const maxBatch = options.maxBatch ?? 8
  const maxExchanges = options.maxExchanges ?? 4
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64 })
    : new HttpAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64 })
  const request = secure ? httpsRequest : httpRequest
  const pipelineDepth = options.pipelineDepth ?? 1
  const pipelined = createPipelinedPoster(url, {
    depth: pipelineDepth,
    // A few connections carry many calls each when pipelining; without, one call per connection.
    connections: pipelineDepth > 1 ? 4 : 128,
    maxBodyBytes: maxPointReadBytes,
  })
  let nextId = 1
  const timedOut = (timeoutMs: number) =>
    new UpstreamError('timeout', `upstream ${url} did not answer within ${timeoutMs} ms`)

  /** POSTs `body`; resolves with the answer's body in the pieces it arrived in. */
  function post(
    body: string,
    timeoutMs: number,
    onPiece?: (piece: Buffer) => void,
    maxBytes = Number.POSITIVE_INFINITY,
  ): Promise<Buffer[]> {
    return new Promise((resolve, reject) => {
      let settled = false
      const fail = (error: UpstreamError) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        reject(error)
      }
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = []
          let bytes = 0
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            if (bytes > maxBytes) {
              fail(
                new UpstreamError(
                  'too-large',
                  `upstream ${url} answered more than ${maxBytes} bytes`,
                ),
              )
              req.destroy()
              return
            }
            chunks.push(chunk)
            onPiece?.(chunk)
          })
          res.on('error', (error) =>
            fail(new UpstreamError('unreachable', `upstream ${url}: ${error.message}`)),
          )
          res.on('end', () => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            resolve(chunks)
          })
        },
      )
      const timer = setTimeout(() => {
        fail(timedOut(timeoutMs))
        req.destroy()
      }, timeoutMs)
      req.on('error', (error) =>
        fail(
          new UpstreamError('unreachable', `upstream ${url} is unreachable: ${error.message}`, {
            cause: error,
          }),
        ),
      )
      req.end(body)
    })
  }

  function parse(body: Buffer[]): unknown {
    try {
      const text = body.length === 1 && body[0] ? body[0] : Buffer.concat(body)
      return JSON.parse(text.toString('utf8'))
    } catch (error) {
      throw new UpstreamError(
        'invalid-response',
        `upstream ${url} answered a body that is not JSON`,
        {
          cause: error,
        },
      )
    }
  }

  function toAnswer(value: unknown): UpstreamAnswer {
    if (isObject(value)) {
      if (isRpcErrorObject(value.error)) return { error: value.error }
      if ('result' in value) return { result: value.result as Json }
    }
    throw new UpstreamError(
      'invalid-response',
      `upstream ${url} answered JSON that is not JSON-RPC`,
    )
  }

  /** Batchable calls not yet sent, oldest first. */
  const waiting: WaitingCall[] = []
  /** Exchanges of batchable calls with the node under way. */
  let exchanges = 0
  let scheduled = false

  /**
   * One exchange for `calls`, under the deadline of the oldest. Each call gets its own answer or
   * failure: an item the node left out fails alone.
   */
  async function exchange(calls: WaitingCall[]): Promise<void> {
    const timeoutMs = (calls[0] as WaitingCall).deadline - Date.now()
    if (calls.length === 1) {
      const [only] = calls as [WaitingCall]
      return callAlone(only.method, only.paramsText, { timeoutMs, pointRead: true }).then(
        only.resolve,
        only.reject,
      )
    }
    try {
      const answers = await send(calls, timeoutMs, { pointReads: true })
      for (const [index, waiter] of calls.entries()) {
        const answer = answers[index] as UpstreamAnswer | UpstreamError
        if (answer instanceof UpstreamError) waiter.reject(answer)
        else waiter.resolve(answer)
      }
    } catch (error) {
      for (const waiter of calls) waiter.reject(error)
    }
  }

  /**
   * Whether what waits may go now: while fewer than `maxExchanges` exchanges are under way, or when
   * a full batch waits (a full batch gains nothing by waiting, so a busy endpoint is never held back
   * by the cap: it only makes calls wait to share an exchange).
   */
  const mayExchange = () =>
    waiting.length > 0 && (exchanges < maxExchanges || waiting.length >= maxBatch)

  /** Sends what waits, in batches, while fewer than `maxExchanges` are under way. */
  function sendWaiting(): void {
    scheduled = false
    expire()
    while (mayExchange()) {
      exchanges++
      exchange(waiting.splice(0, maxBatch)).then(exchanged)
    }
    watchDeadlines()
  }

  /** Fails the waiting calls whose time is up: a full node does not stretch their deadline. */
  function expire(): void {
    const now = Date.now()
    let kept = 0
    for (const waiter of waiting) {
      if (waiter.deadline > now) waiting[kept++] = waiter
      else waiter.reject(timedOut(waiter.timeoutMs))
    }
    waiting.length = kept
  }

  let deadlineTimer: NodeJS.Timeout | undefined
  /**
   * While calls wait, one timer at the first deadline among them (not one timer per call; calls
   * through the endpoint share one timeout, so a later call never has an earlier deadline).
   */
  function watchDeadlines(): void {
    if (deadlineTimer !== undefined || waiting.length === 0) return
    let first = Number.POSITIVE_INFINITY
    for (const waiter of waiting) first = Math.min(first, waiter.deadline)
    deadlineTimer = setTimeout(
      () => {
        deadlineTimer = undefined
        expire()
        watchDeadlines()
      },
      Math.max(0, first - Date.now()),
    )
    deadlineTimer.unref()
  }

  /** Sends at the end of this turn, so the calls made in it can go together. */
  function schedule(): void {
    if (scheduled || !mayExchange()) return
    scheduled = true
    setImmediate(sendWaiting)
  }

  /** Ends an exchange: what waited for it may go. */
  const exchanged = () => {
    exchanges--
    schedule()
  }

  /**
   * A point read made while no exchange is under way goes at once, as an exchange of its own; the
   * calls made while it is under way wait for it and go together. Not through the queue nor at the
   * turn's end: one call at a time, every step before the write is work done cold while the node
   * waits, and a quiet endpoint's call waits for nothing (docs/performance.md, "Issue 31, ninth
   * pass": 15–25 µs less added latency).
   */
  function sendAlone(
    method: string,
    paramsText: string,
    timeoutMs: number,
  ): Promise<UpstreamAnswer> {
    exchanges++
    const answer = callAlone(method, paramsText, { timeoutMs, pointRead: true })
    answer.then(exchanged, exchanged)
    return answer
  }

  function callText(
    method: string,
    paramsText: string,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer> {
    if (!options.batchable || maxBatch <= 1 || options.raw || options.onPiece || options.maxBytes) {
      return callAlone(method, paramsText, options)
    }
    const { timeoutMs } = options
    if (exchanges === 0 && waiting.length === 0) return sendAlone(method, paramsText, timeoutMs)
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + timeoutMs
      waiting.push({ method, paramsText, timeoutMs, deadline, resolve, reject })
      if (mayExchange()) schedule()
      else watchDeadlines()
    })
  }

  async function callAlone(
    method: string,
    paramsText: string,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer> {
    const id = nextId++
    const text = requestText(id, method, paramsText)
    const body =
      options.pointRead && !options.raw && !options.onPiece && options.maxBytes === undefined
        ? await pipelined.post(text, options.timeoutMs)
        : await post(text, options.timeoutMs, options.onPiece, options.maxBytes)
    if (options.raw && byteLengthOf(body) >= rawAboveBytes) {
      const raw = rawResultOf(body, id)
      if (raw) return { rawResult: raw }
    }
    return toAnswer(parse(body))
  }

  /**
   * One JSON-RPC batch: each call's answer, or an `invalid-response` error for an item left out. A
   * batch of point reads (small, safe to send twice) goes on the pipelined connections, like a
   * point read alone: node:http's client cost the endpoint more per batch than the whole batch's
   * parse (docs/performance.md).
   */
  async function send(
    calls: TextCall[],
    timeoutMs: number,
    { pointReads }: { pointReads: boolean },
  ): Promise<Array<UpstreamAnswer | UpstreamError>> {
    const first = nextId
    nextId += calls.length
    const text = `[${calls.map((c, index) => requestText(first + index, c.method, c.paramsText)).join(',')}]`
    const body = pointReads ? await pipelined.post(text, timeoutMs) : await post(text, timeoutMs)
    const value = parse(body)
    // A node that refuses batches answers one error for all of them.
    if (!Array.isArray(value)) return calls.map(() => toAnswer(value))
    const byId = new Map<unknown, unknown>(
      value.map((item) => [isObject(item) ? item.id : undefined, item]),
    )
    return calls.map((_call, index) => {
      try {
        return toAnswer(byId.get(first + index))
      } catch (error) {
        if (error instanceof UpstreamError) return error
        throw error
      }
    })
  }

  async function batch(
    calls: Array<{ method: string; params: unknown }>,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer[]> {
    if (calls.length === 0) return []
    const texts = calls.map(({ method, params }) => ({ method, paramsText: paramsTextOf(params) }))
    const answers = await send(texts, options.timeoutMs, { pointReads: false })
    return answers.map((answer) => {
      if (answer instanceof UpstreamError) throw answer
      return answer
    })
  }

  return {
    url,
    call: (method, params, options) => callText(method, paramsTextOf(params), options),
    callText,
    batch,
    close: () => {
      pipelined.close()
      agent.destroy()
    },
  }
}

const byteLengthOf = (pieces: Buffer[]): number =>
  pieces.reduce((total, piece) => total + piece.length, 0)

/**
 * The JSON text of the result, as pieces of `body`, when `body` is exactly
 * `{"jsonrpc":"2.0","id":<id>,"result":…}` (how anvil, geth and reth write a successful answer) or
 * `{"jsonrpc":"2.0","result":…,"id":<id>}` (how Solana's nodes and Surfpool write one) and the result
 * is an array or an object, else undefined and the caller parses the body.
 */
function rawResultOf(body: Buffer[], id: number): Buffer[] | undefined {
  const layouts = [
    { prefix: `{"jsonrpc":"2.0","id":${id},"result":`, suffix: '}' },
    { prefix: '{"jsonrpc":"2.0","result":', suffix: `,"id":${id}}` },
  ]
  const pieces = body.filter((piece) => piece.length > 0)
  const first = pieces[0]
  const layout = layouts.find(
    ({ prefix }) =>
      first !== undefined &&
      first.length >= prefix.length &&
      first.toString('latin1', 0, prefix.length) === prefix,
  )
  if (!first || !layout) return undefined
  if (first.length === layout.prefix.length) pieces.shift()
  else pieces[0] = first.subarray(layout.prefix.length)
  if (!stripSuffix(pieces, Buffer.from(layout.suffix))) return undefined
  // Anything else than an array or an object (a string, a number) goes through the full parser.
  const head = pieces[0]
  const tail = pieces[pieces.length - 1]
  if (!head || !tail) return undefined
  const opening = head[0]
  const closing = tail[tail.length - 1]
  const array = opening === 0x5b && closing === 0x5d
  const object = opening === 0x7b && closing === 0x7d
  return array || object ? pieces : undefined
}

/**
 * Removes trailing whitespace, then `suffix` (the envelope's end), from the end of `pieces`, which
 * may split them anywhere; false when the pieces do not end so.
 */
function stripSuffix(pieces: Buffer[], suffix: Buffer): boolean {
  let remaining = suffix.length
  let trailing = true
  while (pieces.length > 0) {
    const last = pieces[pieces.length - 1] as Buffer
    let end = last.length
    while (trailing && end > 0 && isWhitespace(last[end - 1])) end--
    if (end > 0) trailing = false
    while (end > 0 && remaining > 0) {
      if (last[end - 1] !== suffix[remaining - 1]) return false
      end--
      remaining--
    }
    if (end > 0) {
      pieces[pieces.length - 1] = last.subarray(0, end)
      return remaining === 0
    }
    pieces.pop()
  }
  return false
}

const isWhitespace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
