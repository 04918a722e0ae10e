import { createRequester, type RequestArguments } from './createRequester.ts'
import type { PageChannel } from './pageWire.ts'

export type { ProviderRpcError, RequestArguments } from './createRequester.ts'

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

/** The page channel of the Multichain API, as the provider needs it. */
export type ProviderTransport = PageChannel

const providerEvents: ReadonlySet<string> = new Set<ProviderEvent>([
  'wallet_notify',
  'wallet_sessionChanged',
])

/**
 * Builds the page-facing provider over a transport. Every `request` is answered exactly once (the
 * first response with its id wins); `wallet_notify` / `wallet_sessionChanged` notifications reach
 * the listeners with their `params`. Nothing but the returned object is reachable from the page.
 */
export function createProvider(transport: ProviderTransport, info: WalletInfo): ApertureProvider {
  const requester = createRequester(transport)
  const listeners = new Map<string, Set<Listener>>()

  requester.onNotification((notification) => {
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
    request: (args) => requester.request(args),
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
