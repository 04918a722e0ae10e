import type {
  PopupRequest,
  PopupRequestType,
  PopupResponse,
} from '../core/protocol/popupMessages.ts'

/**
 * Everything the popup asks of the browser, in one port: stores and screens reach the platform only
 * through it. `main.tsx` builds the `chrome`-backed one and installs it before the first render;
 * store tests install a fake one (`testing/fakeBackground.ts`).
 */
export type PopupPort = {
  /** Sends one request to the service worker; `undefined` when nobody answered. */
  send(request: PopupRequest): Promise<PopupResponse<PopupRequestType> | undefined>
  /** Calls `listener` with the changed keys of each storage change; returns the stop. */
  onStorageChanged(listener: (keys: string[], area: string) => void): () => void
  /** Closes this window (the approval or confirmation window). */
  close(): void
  /** The page address's query string (`?approval=…`, `?confirm`), with its `?`. */
  query(): string
  writeClipboard(text: string): Promise<void>
  /** Opens `url` in a new browser tab (a block explorer's page: `ExplorerLink`). */
  openTab(url: string): void
}

let installed: PopupPort | undefined

/** Makes `port` the popup's port (once at start, or per test). */
export function installPopupPort(port: PopupPort): void {
  installed = port
}

/** The installed port; throws when the page started without one (a wiring mistake). */
export function popupPort(): PopupPort {
  if (!installed) throw new Error('The popup port is not installed')
  return installed
}
