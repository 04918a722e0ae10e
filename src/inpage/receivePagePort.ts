import { pagePortEvent, pagePortRequestEvent } from '../core/protocol/pagePort.ts'

/**
 * Takes the page port the content script offers (`core/protocol/pagePort.ts`) — the first one
 * only — and asks for it in case the content script's document_start script ran first. Listens in
 * the capture phase from before any page script exists, so it hears the offer first and no page
 * listener sees it; once it took a port it stops listening, so a page script cannot hand it one.
 */
export function receivePagePort(target: EventTarget, onPort: (port: MessagePort) => void): void {
  const receive = (event: Event): void => {
    const port = (event as MessageEvent).ports?.[0]
    if (port === undefined) return
    event.preventDefault()
    event.stopImmediatePropagation()
    target.removeEventListener(pagePortEvent, receive, { capture: true })
    onPort(port)
  }
  target.addEventListener(pagePortEvent, receive, { capture: true })
  target.dispatchEvent(new Event(pagePortRequestEvent))
}
