import { isObject } from '@metamask/utils'
import { isRpcErrorObject } from '../rpc/isRpcErrorObject.ts'
import type { Json, NodeAnswer, RelayedNodeAnswer } from '../rpc/types.ts'
import { jsonObjectMembers } from './jsonObjectMembers.ts'

export type NodeRequestOptions = {
  /** Aborts the request; the call then rejects with a `NodeClientError` of reason `aborted`. */
  signal?: AbortSignal
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number
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

  /** Posts one call and resolves with the body's text and the HTTP status. */
  async function post(
    method: string,
    params: Json[] | Record<string, Json> | undefined,
    options: NodeRequestOptions,
  ): Promise<{ text: string; status: number }> {
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
      return { text: await response.text(), status: response.status }
    } catch (error) {
      throw failure(error)
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    url,
    async request(method, params, options = {}) {
      const { text, status } = await post(method, params, options)
      return toAnswer(text, status, url)
    },
    async relay(method, params, options = {}) {
      const { text, status } = await post(method, params, options)
      return toRelayedAnswer(text, status, url)
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

/** fetch's own message is a bare "fetch failed"; the useful part (ECONNREFUSED …) is its cause. */
function describeFetchError(error: Error): string {
  const cause = error.cause
  if (cause instanceof Error && cause.message) return `${error.message} (${cause.message})`
  return error.message
}
