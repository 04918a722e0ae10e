/**
 * The window floor's content script: hands the page one end of a `MessageChannel` and relays its
 * requests to the worker's port, connected when a request comes: at the first one, and at the first
 * one after the worker went away, so a stopped worker starts at the next request. Aperture's content
 * script differs: it reconnects as soon as its port drops (`src/content/createBridge.ts`), so its
 * stopped worker starts again before the next request, not at it.
 */
import type { FloorAnswer, FloorRequest } from './protocol.ts'

const channel = new MessageChannel()
let port: chrome.runtime.Port | undefined
const connected = (): chrome.runtime.Port => {
  if (port) return port
  const opened = chrome.runtime.connect({ name: 'page' })
  opened.onMessage.addListener((answer: FloorAnswer) => channel.port1.postMessage(answer))
  opened.onDisconnect.addListener(() => {
    port = undefined
  })
  port = opened
  return opened
}
channel.port1.onmessage = (event: MessageEvent<FloorRequest>) => connected().postMessage(event.data)
window.postMessage({ floor: FLOOR_NAME }, location.origin, [channel.port2])
