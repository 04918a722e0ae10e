import { pagePortEvent, pagePortRequestEvent } from '../core/protocol/pagePort.ts'

/** The page port's two ends (`MessageChannel` fits). */
export type PagePortChannel = { port1: MessagePort; port2: MessagePort }

/**
 * Offers the MAIN-world script the page's end of a new page port (`core/protocol/pagePort.ts`):
 * now, and — if no one took it — once more when the MAIN-world script asks (it started second).
 * `onTaken` gets the content script's end once the page's end was taken; nothing is offered after
 * that, so a page script that asks later gets nothing. Runs at document_start, before the page's
 * scripts.
 */
export function offerPagePort(
  target: EventTarget,
  channel: PagePortChannel,
  onTaken: (port: MessagePort) => void,
): void {
  const offer = (): boolean => {
    const taken = !target.dispatchEvent(
      new MessageEvent(pagePortEvent, { ports: [channel.port2], cancelable: true }),
    )
    if (taken) onTaken(channel.port1)
    return taken
  }
  if (offer()) return
  const onRequest = (): void => {
    target.removeEventListener(pagePortRequestEvent, onRequest)
    offer()
  }
  target.addEventListener(pagePortRequestEvent, onRequest)
}
