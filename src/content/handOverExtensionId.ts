import { extensionIdEvent, extensionIdRequestEvent } from '../core/protocol/extensionIdHandover.ts'

/**
 * Tells the MAIN-world script the extension's id (`core/protocol/extensionIdHandover.ts`): now,
 * and whenever it asks (it asks when it starts, in case this script ran first).
 */
export function handOverExtensionId(target: EventTarget, extensionId: string): void {
  const send = (): void => {
    target.dispatchEvent(new CustomEvent(extensionIdEvent, { detail: extensionId }))
  }
  target.addEventListener(extensionIdRequestEvent, send)
  send()
}
