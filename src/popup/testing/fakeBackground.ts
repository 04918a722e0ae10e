import { vi } from 'vitest'
import type {
  NetworkView,
  PopupError,
  PopupRequest,
  PopupRequests,
  PopupRequestType,
} from '../../core/protocol/popupMessages.ts'

/** Thrown by a fake handler: the background refuses the request with this error. */
export class Refusal {
  constructor(readonly error: PopupError) {}
}

export type FakeHandlers = {
  [Type in PopupRequestType]?: (
    params: PopupRequests[Type]['params'],
  ) => PopupRequests[Type]['result'] | Promise<PopupRequests[Type]['result']>
}

/**
 * Puts a fake service worker behind the popup's `chrome.runtime.sendMessage` (and a
 * `chrome.storage.onChanged` the test can fire): it answers with `handlers`, as `PopupResponse`s.
 * Returns the requests it received and a way to announce a storage change.
 */
export function stubBackground(handlers: FakeHandlers) {
  const requests: PopupRequest[] = []
  const storageListeners = new Set<(changes: Record<string, unknown>, area: string) => void>()
  vi.stubGlobal('chrome', {
    runtime: {
      async sendMessage(message: PopupRequest) {
        requests.push(message)
        const handler = handlers[message.type] as ((params: unknown) => unknown) | undefined
        if (!handler) return { ok: false, error: { message: `Unknown request ${message.type}` } }
        try {
          return { ok: true, result: await handler(message.params) }
        } catch (error) {
          if (error instanceof Refusal) return { ok: false, error: error.error }
          throw error
        }
      },
    },
    storage: {
      onChanged: {
        addListener: (listener: (changes: Record<string, unknown>, area: string) => void) =>
          storageListeners.add(listener),
        removeListener: (listener: (changes: Record<string, unknown>, area: string) => void) =>
          storageListeners.delete(listener),
      },
    },
  })
  return {
    requests,
    storageChanged(keys: string[], area = 'local'): void {
      const changes = Object.fromEntries(keys.map((key) => [key, { newValue: 1 }]))
      for (const listener of storageListeners) listener(changes, area)
    },
    listening: (): number => storageListeners.size,
  }
}

/** The Local devnet as `networks:list` shows it with the default settings. */
export const devnetView: NetworkView = {
  chainId: 'eip155:31337',
  name: 'Local devnet',
  rpcUrl: 'http://127.0.0.1:8545/v3/dev',
  wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev',
  kind: 'local',
  enabled: true,
}
