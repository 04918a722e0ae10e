import {
  extensionIdEvent,
  extensionIdRequestEvent,
  noExtensionTransport,
} from '../core/protocol/extensionIdHandover.ts'

/**
 * What the content script hands over: the extension's id when its manifest lets pages connect to
 * it (`externally_connectable`, Chromium), else `noExtensionTransport` (Firefox's build has none:
 * an id there reaches nothing, and a Firefox add-on id is not a CAIP-294 extension target).
 */
export const extensionTransportId = (manifest: object, extensionId: string): string =>
  'externally_connectable' in manifest ? extensionId : noExtensionTransport

/**
 * Tells the MAIN-world script the extension's id, or that there is no extension transport
 * (`core/protocol/extensionIdHandover.ts`): now, and whenever it asks (it asks when it starts, in
 * case this script ran first).
 */
export function handOverExtensionId(target: EventTarget, extensionId: string): void {
  const send = (): void => {
    target.dispatchEvent(new CustomEvent(extensionIdEvent, { detail: extensionId }))
  }
  target.addEventListener(extensionIdRequestEvent, send)
  send()
}
