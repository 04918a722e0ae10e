import type { PopupRequestType, PopupResponse } from '../core/protocol/popupMessages.ts'
import type { PopupPort } from './popupPort.ts'

/**
 * The popup's port over the extension APIs of this page: the toolbar popup's (`main.tsx`) and the
 * windows' (`windowMain.tsx`) entries install it before their first render.
 */
export const chromePort: PopupPort = {
  send: async (request) =>
    (await chrome.runtime.sendMessage(request)) as PopupResponse<PopupRequestType> | undefined,
  onStorageChanged(listener) {
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) =>
      listener(Object.keys(changes), area)
    chrome.storage.onChanged.addListener(onChanged)
    return () => chrome.storage.onChanged.removeListener(onChanged)
  },
  close: () => window.close(),
  query: () => window.location.search,
  writeClipboard: (text) => navigator.clipboard.writeText(text),
  openTab: (url) => void chrome.tabs.create({ url }),
}
