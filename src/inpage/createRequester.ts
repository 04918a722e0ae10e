import type { EngineResponse } from '../core/multichain/ports.ts'
import { parseResultJson } from '../core/rpc/parseResultJson.ts'
import type { RpcNotification } from '../core/rpc/types.ts'
import type { PageChannel } from './pageWire.ts'

/** The error a request rejects with, as the wallet sent it. */
export type ProviderRpcError = { code: number; message: string; data?: unknown }
export type RequestArguments = { method: string; params?: unknown }

const invalidRequest = (message: string): ProviderRpcError => ({ code: -32600, message })
const invalidParams = (message: string): ProviderRpcError => ({
  code: -32602,
  message: `Invalid params: ${message}`,
})

type Waiter = { resolve(value: unknown): void; reject(error: ProviderRpcError): void }

const toProviderError = (error: ProviderRpcError): ProviderRpcError =>
  error.data === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, data: error.data }

/**
 * Settles a request with its response. A node's result may come as its JSON text (`resultJson`,
 * passed on by the wallet unparsed): it is parsed here, once, and a text that is not JSON is the
 * wallet's `-32603` with `data.cause`, as for any node reply that is not JSON.
 */
function settle(waiter: Waiter, response: EngineResponse): void {
  if ('error' in response) {
    waiter.reject(toProviderError(response.error))
    return
  }
  if (!('resultJson' in response)) {
    waiter.resolve(response.result)
    return
  }
  const parsed = parseResultJson(response.resultJson)
  if ('error' in parsed) waiter.reject(parsed.error)
  else waiter.resolve(parsed.result)
}

/** Requests over one page channel, and the notifications that come on it. */
export type Requester = {
  /** Sends `args` as a JSON-RPC request; rejects with the wallet's `{ code, message, data? }`. */
  request(args: RequestArguments): Promise<unknown>
  onNotification(handler: (notification: RpcNotification) => void): void
}

/**
 * JSON-RPC over a page channel, shared by the page's providers: every request gets its own id and
 * is answered exactly once (the first response with its id wins). Arguments that are not
 * `{ method: string, params? }` are `-32600`; params that are neither object nor array, or not JSON,
 * `-32602` — answered here, without a round trip.
 */
export function createRequester(channel: PageChannel): Requester {
  const pending = new Map<number, Waiter>()
  let onNotification: (notification: RpcNotification) => void = () => undefined
  let nextId = 1

  channel.onMessage((message) => {
    if (typeof message !== 'object' || message === null) return
    if ('id' in message && typeof message.id === 'number') {
      const waiter = pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id)
      settle(waiter, message as EngineResponse)
      return
    }
    if ('method' in message && typeof message.method === 'string') {
      onNotification(message as RpcNotification)
    }
  })

  return {
    request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        return Promise.reject(
          invalidRequest('Expected a single object { method: string, params? }'),
        )
      }
      if (args.params !== undefined && (typeof args.params !== 'object' || args.params === null)) {
        return Promise.reject(invalidParams('params must be an object or an array'))
      }
      let params: unknown
      try {
        params = args.params === undefined ? undefined : JSON.parse(JSON.stringify(args.params))
      } catch (error) {
        return Promise.reject(invalidParams(`params must be JSON: ${String(error)}`))
      }
      const id = nextId
      nextId += 1
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        channel.send(
          params === undefined
            ? { jsonrpc: '2.0', id, method: args.method }
            : { jsonrpc: '2.0', id, method: args.method, params },
        )
      })
    },
    onNotification(handler) {
      onNotification = handler
    },
  }
}
