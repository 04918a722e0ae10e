import { isObject } from '@metamask/utils'
import { createRequester, type ProviderRpcError, type RequestArguments } from './createRequester.ts'
import type { PageChannel } from './pageWire.ts'

type Listener = (...args: unknown[]) => void

/** The EIP-1193 provider (DESIGN §7): `request`, EventEmitter-style events, and the usual flags. */
export type EthereumProvider = {
  readonly isAperture: true
  readonly isMetaMask: true
  request(args: RequestArguments): Promise<unknown>
  isConnected(): boolean
  on(event: string, listener: Listener): EthereumProvider
  addListener(event: string, listener: Listener): EthereumProvider
  once(event: string, listener: Listener): EthereumProvider
  removeListener(event: string, listener: Listener): EthereumProvider
  off(event: string, listener: Listener): EthereumProvider
  removeAllListeners(event?: string): EthereumProvider
  listenerCount(event: string): number
  emit(event: string, ...args: unknown[]): boolean
}

/** An EIP-1193 `ProviderRpcError`: an `Error` carrying the wallet's `code` (and `data`). */
const providerError = (error: unknown): Error => {
  const { code, message, data } = error as ProviderRpcError
  const rejection = Object.assign(new Error(message), { code })
  return data === undefined ? rejection : Object.assign(rejection, { data })
}

/** EIP-1193's error for a provider that cannot reach the wallet any more. */
const disconnected = (): Error =>
  Object.assign(new Error('The provider is disconnected from all chains.'), { code: 4900 })

/**
 * Builds the EIP-1193 provider over its page channel. It asks the wallet for the site's chain once
 * it starts and then emits `connect { chainId }`; the wallet's notifications become `chainChanged`
 * (hex), `accountsChanged` (addresses, active first), `message` (`eth_subscription` events, from
 * the session's `wallet_notify`) and `disconnect` (the wallet is gone for good). A worker restart
 * is invisible: the page stream outlives it. The object stays extensible, as dapps set properties
 * on it.
 */
export function createEthereumProvider(channel: PageChannel): EthereumProvider {
  const requester = createRequester(channel)
  const listeners = new Map<string, Listener[]>()
  let chainId: string | undefined
  let connected = false

  const emit = (event: string, ...args: unknown[]): boolean => {
    const current = listeners.get(event)
    if (!current || current.length === 0) return false
    for (const listener of [...current]) {
      try {
        listener(...args)
      } catch (error) {
        reportError(error)
      }
    }
    return true
  }

  const chainSeen = (next: unknown): void => {
    if (typeof next !== 'string') return
    if (!connected) {
      connected = true
      chainId = next
      emit('connect', { chainId: next })
      return
    }
    if (next === chainId) return
    chainId = next
    emit('chainChanged', next)
  }

  requester.onNotification(({ method, params }) => {
    if (method === 'chainChanged' && isObject(params)) chainSeen(params.chainId)
    else if (method === 'accountsChanged' && Array.isArray(params)) emit('accountsChanged', params)
    else if (method === 'wallet_notify' && isObject(params) && isObject(params.notification)) {
      const { notification } = params
      if (notification.method === 'eth_subscription') {
        emit('message', { type: 'eth_subscription', data: notification.params })
      }
    } else if (method === 'disconnect') {
      connected = false
      emit('disconnect', disconnected())
    }
  })

  const remove = (event: string, listener: Listener): void => {
    const current = listeners.get(event)
    const index = current?.lastIndexOf(listener) ?? -1
    if (current && index !== -1) current.splice(index, 1)
  }

  const provider: EthereumProvider = {
    isAperture: true,
    isMetaMask: true,
    request: (args) =>
      requester.request(args).then(
        (result) => {
          if (isObject(args) && args.method === 'eth_chainId') chainSeen(result)
          return result
        },
        (error: unknown) => Promise.reject(providerError(error)),
      ),
    isConnected: () => connected,
    on(event, listener) {
      if (typeof listener === 'function')
        listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return provider
    },
    addListener: (event, listener) => provider.on(event, listener),
    once(event, listener) {
      const wrapper: Listener = (...args) => {
        remove(event, wrapper)
        listener(...args)
      }
      return provider.on(event, wrapper)
    },
    removeListener(event, listener) {
      remove(event, listener)
      return provider
    },
    off: (event, listener) => provider.removeListener(event, listener),
    removeAllListeners(event) {
      if (event === undefined) listeners.clear()
      else listeners.delete(event)
      return provider
    },
    listenerCount: (event) => listeners.get(event)?.length ?? 0,
    emit,
  }

  requester.request({ method: 'eth_chainId' }).then(chainSeen, (error: unknown) => {
    console.debug('Aperture: the first eth_chainId failed', error)
  })
  return provider
}
