import { vi } from 'vitest'
import type {
  NetworkView,
  PopupError,
  PopupRequest,
  PopupRequests,
  PopupRequestType,
} from '../../core/protocol/popupMessages.ts'
import { installPopupPort } from '../popupPort.ts'

/** Thrown by a fake handler: the background refuses the request with this error. */
export class Refusal {
  constructor(readonly error: PopupError) {}
}

/** Thrown by a fake handler: nobody answers the request (the worker stopped before its answer). */
export class NoAnswer {}

export type FakeHandlers = {
  [Type in PopupRequestType]?: (
    params: PopupRequests[Type]['params'],
  ) => PopupRequests[Type]['result'] | Promise<PopupRequests[Type]['result']>
}

/**
 * Installs a fake popup port (`popupPort.ts`): a fake service worker that answers with
 * `handlers`, as `PopupResponse`s, a storage the test can announce changes of, and a window
 * whose `close` and clipboard the test can inspect. Returns the requests it received with them.
 */
export function stubBackground(handlers: FakeHandlers) {
  const requests: PopupRequest[] = []
  const storageListeners = new Set<(keys: string[], area: string) => void>()
  const close = vi.fn<() => void>()
  const clipboard: string[] = []
  const opened: string[] = []
  installPopupPort({
    async send(message) {
      requests.push(message)
      const handler = handlers[message.type] as ((params: unknown) => unknown) | undefined
      if (!handler) return { ok: false, error: { message: `Unknown request ${message.type}` } }
      try {
        return { ok: true, result: (await handler(message.params)) as never }
      } catch (error) {
        if (error instanceof Refusal) return { ok: false, error: error.error }
        if (error instanceof NoAnswer) return undefined
        throw error
      }
    },
    onStorageChanged(listener) {
      storageListeners.add(listener)
      return () => storageListeners.delete(listener)
    },
    close,
    query: () => '',
    async writeClipboard(text) {
      clipboard.push(text)
    },
    openTab(url) {
      opened.push(url)
    },
  })
  return {
    requests,
    close,
    clipboard,
    opened,
    storageChanged(keys: string[], area = 'local'): void {
      for (const listener of storageListeners) listener(keys, area)
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
