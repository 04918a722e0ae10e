import { isObject } from '@metamask/utils'
import { isRpcErrorObject } from '../rpc/isRpcErrorObject.ts'
import type { Json, NodeAnswer, RelayedNodeAnswer } from '../rpc/types.ts'
import { jsonObjectMembers } from './jsonObjectMembers.ts'

export type NodeRequestOptions = {
  /** Aborts the request; the call then rejects with a `NodeClientError` of reason `aborted`. */
  signal?: AbortSignal
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number
  /**
   * `relay` only: hands the result text on in pieces while the body still arrives, so that whoever
   * passes it on can send the first pieces before the last ones came in (docs/performance.md). The
   * answer's `resultJson` is then the text that follows the pieces given (all of it when none were:
   * an error, a short result, a body that does not start as a success). A body that breaks off after
   * pieces were given rejects, as any body that is not JSON-RPC.
   */
  onResultPiece?: (text: string) => void
}

/** A JSON-RPC client of one node endpoint. */
export interface NodeClient {
  readonly url: string
  request(
    method: string,
    params?: Json[] | Record<string, Json>,
    options?: NodeRequestOptions,
  ): Promise<NodeAnswer>
  /**
   * `request` for an answer the caller only passes on: the result is not parsed but kept as the
   * node's own JSON text, so a large one (10,000 logs, ~5 MB) is neither parsed nor re-serialized
   * on its way; whoever uses it parses it once. Errors come parsed and checked, as from `request`.
   */
  relay(
    method: string,
    params?: Json[] | Record<string, Json>,
    options?: NodeRequestOptions,
  ): Promise<RelayedNodeAnswer>
}

export type CreateHttpNodeClientParameters = {
  /** `https://mainnet.infura.io/v3/<KEY>`, `http://127.0.0.1:8545/v3/dev`, … */
  url: string
  /** Milliseconds before a call is abandoned. Default 30,000. */
  timeoutMs?: number
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch
}

/** A response as the client reads it (`fetch`'s, of whichever platform). */
type NodeResponse = Awaited<ReturnType<typeof fetch>>

/** A response body's chunks, read one after the other. */
type BodyReader = { read(): Promise<{ done: boolean; value?: Uint8Array }> }

/** Why a call produced no JSON-RPC answer. */
export type NodeClientFailure = 'unreachable' | 'timeout' | 'aborted' | 'invalid-response'

/** The node could not be reached, did not answer in time, or answered something that is not JSON-RPC. */
export class NodeClientError extends Error {
  readonly reason: NodeClientFailure
  readonly url: string

  constructor(reason: NodeClientFailure, url: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'NodeClientError'
    this.reason = reason
    this.url = url
  }
}

/**
 * A JSON-RPC-over-HTTP client using the global `fetch` (works in Node and in a service worker).
 * A JSON-RPC answer — success or error, whatever the HTTP status — resolves as `{ result }` or
 * `{ error }` verbatim (`relay`: `{ resultJson }` or `{ error }`); an unreachable node, a timeout, an
 * abort or a non-JSON-RPC body rejects with a `NodeClientError`.
 *
 * @example
 * const node = createHttpNodeClient({ url: 'http://127.0.0.1:8545/v3/dev' })
 * await node.request('eth_chainId') // { result: '0x7a69' }
 */
export function createHttpNodeClient(parameters: CreateHttpNodeClientParameters): NodeClient {
  const { url, timeoutMs = 30_000 } = parameters
  const fetchFn = parameters.fetch ?? globalThis.fetch
  let nextId = 1

  /** Posts one call and resolves with what `read` makes of the response (within the timeout). */
  async function post<T>(
    method: string,
    params: Json[] | Record<string, Json> | undefined,
    options: NodeRequestOptions,
    read: (response: NodeResponse) => Promise<T>,
  ): Promise<T> {
    const id = nextId++
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, options.timeoutMs ?? timeoutMs)
    const onAbort = () => controller.abort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    if (options.signal?.aborted) controller.abort()

    const failure = (error: unknown): NodeClientError => {
      if (timedOut) {
        return new NodeClientError('timeout', url, `${method} to ${url} timed out`, {
          cause: error,
        })
      }
      if (controller.signal.aborted) {
        return new NodeClientError('aborted', url, `${method} to ${url} was aborted`, {
          cause: error,
        })
      }
      const detail = error instanceof Error ? describeFetchError(error) : String(error)
      return new NodeClientError('unreachable', url, `${url} is unreachable: ${detail}`, {
        cause: error,
      })
    }

    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          params === undefined
            ? { jsonrpc: '2.0', id, method }
            : { jsonrpc: '2.0', id, method, params },
        ),
        signal: controller.signal,
      })
      return await read(response)
    } catch (error) {
      if (error instanceof NodeClientError) throw error
      throw failure(error)
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    url,
    async request(method, params, options = {}) {
      return post(method, params, options, async (response) =>
        toAnswer(await response.text(), response.status, url),
      )
    },
    async relay(method, params, options = {}) {
      const { onResultPiece } = options
      return post(method, params, options, async (response) =>
        onResultPiece && response.body
          ? relayInPieces(response.body, response.status, url, onResultPiece)
          : toRelayedAnswer(await response.text(), response.status, url),
      )
    },
  }
}

function toAnswer(text: string, status: number, url: string): NodeAnswer {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    throw new NodeClientError(
      'invalid-response',
      url,
      `${url} answered HTTP ${status} with a body that is not JSON`,
      { cause: error },
    )
  }
  if (isObject(body)) {
    if (isRpcErrorObject(body.error)) return { error: body.error }
    if ('result' in body) return { result: body.result as Json }
  }
  throw new NodeClientError(
    'invalid-response',
    url,
    `${url} answered HTTP ${status} with JSON that is not a JSON-RPC response`,
  )
}

/**
 * A success is split off the body without parsing its result (`jsonObjectMembers`). Anything else —
 * an error answer (small), or a body the split cannot read — takes `request`'s path, so errors and
 * invalid bodies come out exactly as from `request`.
 */
function toRelayedAnswer(text: string, status: number, url: string): RelayedNodeAnswer {
  const members = jsonObjectMembers(text)
  const resultJson = members?.get('result')
  if (members !== undefined && resultJson !== undefined && !members.has('error')) {
    return { resultJson }
  }
  const answer = toAnswer(text, status, url)
  return 'error' in answer ? answer : { resultJson: JSON.stringify(answer.result) }
}

/** How a success body starts, as nodes write it (compact, `jsonrpc` and `id` first). */
const successStart =
  /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(?:\d+|"[^"\\]*")\s*,\s*"result"\s*:\s*/
/** Past this many characters without `successStart`, the body is read whole (`toRelayedAnswer`). */
const startLimit = 256
/** The smallest piece handed on: fewer, larger port messages. */
const minimumPiece = 64 * 1024
/** Held back until the body ends: enough for the closing brace and whitespace after it. */
const heldBack = 64

/**
 * `relay` with the result handed on while the body arrives: once the body starts as a success
 * (`successStart`), every decoded piece past it goes to `onResultPiece` except the last characters,
 * held back until the end shows the envelope's closing brace; the answer's `resultJson` is the rest
 * of the result text. A body that starts otherwise is read whole and answered as `relay` always
 * does. The result text itself is not checked here: the page parses it, and a text that is not JSON
 * is its `-32603`, as before.
 */
async function relayInPieces(
  body: { getReader(): BodyReader },
  status: number,
  url: string,
  onResultPiece: (text: string) => void,
): Promise<RelayedNodeAnswer> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let start = ''
  let pending: string | undefined
  for (;;) {
    const { done, value } = await reader.read()
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
    if (pending === undefined) {
      start += text
      const opening = successStart.exec(start)
      if (opening) {
        pending = start.slice(opening[0].length)
      } else if (done || start.length > startLimit) {
        const rest = done ? '' : await readRest(reader, decoder)
        return toRelayedAnswer(start + rest, status, url)
      } else {
        continue
      }
    } else {
      pending += text
    }
    if (!done) {
      if (pending.length >= minimumPiece + heldBack) {
        onResultPiece(pending.slice(0, pending.length - heldBack))
        pending = pending.slice(pending.length - heldBack)
      }
      continue
    }
    const rest = pending.trimEnd()
    if (!rest.endsWith('}')) {
      throw new NodeClientError(
        'invalid-response',
        url,
        `${url} answered HTTP ${status} with a body that is not a JSON-RPC response`,
      )
    }
    return { resultJson: rest.slice(0, -1).trimEnd() }
  }
}

/** The rest of a body being read, as text. */
async function readRest(reader: BodyReader, decoder: TextDecoder): Promise<string> {
  const parts: string[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(decoder.decode(value, { stream: true }))
  }
  parts.push(decoder.decode())
  return parts.join('')
}

/** fetch's own message is a bare "fetch failed"; the useful part (ECONNREFUSED …) is its cause. */
function describeFetchError(error: Error): string {
  const cause = error.cause
  if (cause instanceof Error && cause.message) return `${error.message} (${cause.message})`
  return error.message
}
