import {
  extensionIdEvent,
  extensionIdRequestEvent,
  isExtensionId,
  noExtensionTransport,
} from '../core/protocol/extensionIdHandover.ts'

/**
 * Calls `onId` once, with the first well-formed extension id the content script hands over
 * (`core/protocol/extensionIdHandover.ts`), or `undefined` when it says pages have no extension
 * transport, and asks for it in case the content script ran first.
 * The page can dispatch these events too, but only after this script (it runs at
 * `document_start`), and a page that hands over a wrong id misleads only itself.
 */
export function receiveExtensionId(
  target: EventTarget,
  onId: (extensionId: string | undefined) => void,
): void {
  const receive = (event: Event): void => {
    const { detail } = event as CustomEvent<unknown>
    if (detail !== noExtensionTransport && !isExtensionId(detail)) return
    target.removeEventListener(extensionIdEvent, receive)
    onId(detail === noExtensionTransport ? undefined : detail)
  }
  target.addEventListener(extensionIdEvent, receive)
  target.dispatchEvent(new CustomEvent(extensionIdRequestEvent))
}
