import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { PopupRequestType, PopupResponse } from '../core/protocol/popupMessages.ts'
import { App } from './App.tsx'
import { installPopupPort, type PopupPort } from './popupPort.ts'
import './styles.css'

/** The popup's port over the extension APIs of this window. */
const chromePort: PopupPort = {
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

installPopupPort(chromePort)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
