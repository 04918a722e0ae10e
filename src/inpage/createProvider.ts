import type { EngineResponse } from '../core/multichain/ports.ts'
import type { RpcNotification } from '../core/rpc/types.ts'

/** The error a request rejects with: a plain object, so it survives structured cloning. */
export type ProviderRpcError = { code: number; message: string; data?: unknown }

export type RequestArguments = { method: string; params?: unknown }

export type ProviderEvent = 'wallet_notify' | 'wallet_sessionChanged'
type Listener = (params: unknown) => void

/** `window.aperture` (DESIGN §3). */
export type ApertureProvider = {
  readonly info: WalletInfo
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): ApertureProvider
  removeListener(event: string, listener: Listener): ApertureProvider
}

export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string }

/** Both ends of the page stream, as the provider needs them. */
export type ProviderTransport = {
  send(message: { jsonrpc: '2.0'; id: number; method: string; params?: unknown }): void
  onMessage(handler: (message: unknown) => void): void
}

const providerEvents: ReadonlySet<string> = new Set<ProviderEvent>([
  'wallet_notify',
  'wallet_sessionChanged',
])

const invalidRequest = (message: string): ProviderRpcError => ({ code: -32600, message })
const invalidParams = (message: string): ProviderRpcError => ({
  code: -32602,
  message: `Invalid params: ${message}`,
})
/** As the wallet answers a node reply that is not JSON (DESIGN §4). */
const internalError = (cause: string): ProviderRpcError => ({
  code: -32603,
  message: 'Internal error',
  data: { cause },
})

type Waiter = { resolve(value: unknown): void; reject(error: unknown): void }

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
  let result: unknown
  try {
    result = JSON.parse(response.resultJson)
  } catch (error) {
    waiter.reject(internalError(error instanceof Error ? error.message : String(error)))
    return
  }
  waiter.resolve(result)
}

/**
 * Builds the page-facing provider over a transport. Every `request` is answered exactly once (the
 * first response with its id wins); `wallet_notify` / `wallet_sessionChanged` notifications reach
 * the listeners with their `params`. Nothing but the returned object is reachable from the page.
 */
export function createProvider(transport: ProviderTransport, info: WalletInfo): ApertureProvider {
  const pending = new Map<number, Waiter>()
  const listeners = new Map<string, Set<Listener>>()
  let nextId = 1

  transport.onMessage((message) => {
    if (typeof message !== 'object' || message === null) return
    if ('id' in message && typeof message.id === 'number') {
      const waiter = pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id)
      settle(waiter, message as EngineResponse)
      return
    }
    const notification = message as RpcNotification
    for (const listener of listeners.get(notification.method) ?? []) {
      try {
        listener(notification.params)
      } catch (error) {
        reportError(error)
      }
    }
  })

  const provider: ApertureProvider = {
    info,
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
        transport.send(
          params === undefined
            ? { jsonrpc: '2.0', id, method: args.method }
            : { jsonrpc: '2.0', id, method: args.method, params },
        )
      })
    },
    on(event, listener) {
      if (providerEvents.has(event) && typeof listener === 'function') {
        const set = listeners.get(event) ?? new Set()
        set.add(listener)
        listeners.set(event, set)
      }
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  return Object.freeze(provider)
}

function toProviderError(error: {
  code: number
  message: string
  data?: unknown
}): ProviderRpcError {
  return error.data === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, data: error.data }
}
