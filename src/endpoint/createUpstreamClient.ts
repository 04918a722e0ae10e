import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { isObject } from '@metamask/utils'
import { isRpcErrorObject } from '../core/rpc/isRpcErrorObject.ts'
import type { Json, RpcErrorObject } from '../core/rpc/types.ts'

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
  /** Sees each piece of the answer's body as it arrives, while the rest is still on its way. */
  onPiece?: (piece: Buffer) => void
}

/** What a caller is told about an upstream failure: never the upstream's address or its words. */
const publicCauses = {
  unreachable: 'upstream unreachable',
  timeout: 'upstream timed out',
  'invalid-response': 'upstream answered something that is not JSON-RPC',
} as const

/**
 * The upstream could not be reached, timed out, or answered something that is not JSON-RPC. The
 * message (with the upstream's address) is for the log; callers get `publicCause`.
 */
export class UpstreamError extends Error {
  readonly reason: keyof typeof publicCauses

  constructor(reason: UpstreamError['reason'], message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'UpstreamError'
    this.reason = reason
  }

  get publicCause(): string {
    return publicCauses[this.reason]
  }
}

export type UpstreamClient = {
  readonly url: string
  call(method: string, params: unknown, options: UpstreamCallOptions): Promise<UpstreamAnswer>
  /** One JSON-RPC batch; answers in the order of `calls`. */
  batch(
    calls: Array<{ method: string; params: unknown }>,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer[]>
  close(): void
}

/** Results at least this large are kept raw when the caller asks for it; smaller ones are parsed. */
const rawAboveBytes = 64 * 1024

/**
 * A keep-alive JSON-RPC client of the upstream node over node:http(s). Every call has a deadline;
 * when it passes, the upstream request is destroyed (the node sees the connection close).
 */
export function createUpstreamClient(url: string): UpstreamClient {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64 })
    : new HttpAgent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64 })
  const send = secure ? httpsRequest : httpRequest
  let nextId = 1

  /** POSTs `body`; resolves with the answer's body in the pieces it arrived in. */
  function post(
    body: string,
    timeoutMs: number,
    onPiece?: (piece: Buffer) => void,
  ): Promise<Buffer[]> {
    return new Promise((resolve, reject) => {
      let settled = false
      const fail = (error: UpstreamError) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        reject(error)
      }
      const req = send(
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
          res.on('data', (chunk: Buffer) => {
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
        fail(new UpstreamError('timeout', `upstream ${url} did not answer within ${timeoutMs} ms`))
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

  async function call(
    method: string,
    params: unknown,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer> {
    const id = nextId++
    const body = await post(
      JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? [] }),
      options.timeoutMs,
      options.onPiece,
    )
    if (options.raw && byteLengthOf(body) >= rawAboveBytes) {
      const raw = rawResultOf(body, id)
      if (raw) return { rawResult: raw }
    }
    return toAnswer(parse(body))
  }

  async function batch(
    calls: Array<{ method: string; params: unknown }>,
    options: UpstreamCallOptions,
  ): Promise<UpstreamAnswer[]> {
    if (calls.length === 0) return []
    const first = nextId
    nextId += calls.length
    const body = await post(
      JSON.stringify(
        calls.map((c, index) => ({
          jsonrpc: '2.0',
          id: first + index,
          method: c.method,
          params: c.params ?? [],
        })),
      ),
      options.timeoutMs,
    )
    const value = parse(body)
    if (!Array.isArray(value)) return calls.map(() => toAnswer(value))
    const byId = new Map<unknown, unknown>(
      value.map((item) => [isObject(item) ? item.id : undefined, item]),
    )
    return calls.map((_call, index) => toAnswer(byId.get(first + index)))
  }

  return { url, call, batch, close: () => agent.destroy() }
}

const byteLengthOf = (pieces: Buffer[]): number =>
  pieces.reduce((total, piece) => total + piece.length, 0)

/**
 * The JSON text of the result, as pieces of `body`, when `body` is exactly
 * `{"jsonrpc":"2.0","id":<id>,"result":[…]}` (how anvil, geth and reth write a successful log
 * query), else undefined and the caller parses the body.
 */
function rawResultOf(body: Buffer[], id: number): Buffer[] | undefined {
  const prefix = `{"jsonrpc":"2.0","id":${id},"result":`
  const pieces = body.filter((piece) => piece.length > 0)
  const first = pieces[0]
  if (!first || first.length < prefix.length) return undefined
  if (first.toString('latin1', 0, prefix.length) !== prefix) return undefined
  if (first.length === prefix.length) pieces.shift()
  else pieces[0] = first.subarray(prefix.length)
  // Trailing whitespace, then the closing brace of the envelope, may end any piece.
  let closed = false
  while (pieces.length > 0) {
    const last = pieces[pieces.length - 1] as Buffer
    let end = last.length
    while (end > 0 && isWhitespace(last[end - 1])) end--
    if (end > 0 && !closed) {
      if (last[end - 1] !== 0x7d) return undefined
      closed = true
      end--
    }
    if (end > 0) {
      pieces[pieces.length - 1] = last.subarray(0, end)
      break
    }
    pieces.pop()
  }
  // The result of a log query is an array; anything else goes through the full parser.
  const head = pieces[0]
  const tail = pieces[pieces.length - 1]
  if (!head || !tail || head[0] !== 0x5b || tail[tail.length - 1] !== 0x5d) return undefined
  return pieces
}

const isWhitespace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
