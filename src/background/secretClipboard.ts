import { secretClipboardClearAt } from '../core/wallet/secretClipboard.ts'
import { alarmNames, type Scheduler } from './timers.ts'

export type SecretClipboardDependencies = {
  /** Empties the clipboard (Chromium: an offscreen document; Firefox: the event page itself). */
  clear(): Promise<void>
  scheduler: Pick<Scheduler, 'schedule'>
  now(): number
}

/**
 * Clearing the clipboard after a secret was copied (issue 35). The popup writes the secret and
 * then asks for `clearLater`; the worker never sees the secret. The clear is an alarm
 * (`secret-clipboard`), so it happens when the popup has closed and after the worker has stopped;
 * a second copy moves it to 60 seconds after that copy.
 */
export function createSecretClipboard(deps: SecretClipboardDependencies) {
  return {
    /** Schedules the clear; resolves when it will happen. */
    async clearLater(): Promise<number> {
      const at = secretClipboardClearAt(deps.now())
      await deps.scheduler.schedule(alarmNames.secretClipboard, at)
      return at
    },
    /** The alarm's task: empties the clipboard now. */
    clearNow: (): Promise<void> => deps.clear(),
  }
}

export type SecretClipboard = ReturnType<typeof createSecretClipboard>

/** What the Chromium clear needs: `chrome.offscreen`, and where the offscreen page is. */
export type OffscreenClipboard = {
  offscreen: {
    createDocument(parameters: {
      url: string
      reasons: 'CLIPBOARD'[]
      justification: string
    }): Promise<void>
    closeDocument(): Promise<void>
  }
  /** Whether an offscreen document of the extension is open (`runtime.getContexts`). */
  hasDocument(): Promise<boolean>
  /** The offscreen page's address (`src/offscreen/index.html`). */
  url: string
}

/**
 * The Chromium clear: a worker has no clipboard, so it opens the offscreen document
 * (`src/offscreen/`), which empties the clipboard as it loads, then closes it. A document left
 * open by a clear that was interrupted is closed first (only one may exist).
 */
export const offscreenClipboardClear =
  ({ offscreen, hasDocument, url }: OffscreenClipboard) =>
  async (): Promise<void> => {
    if (await hasDocument()) await offscreen.closeDocument()
    await offscreen.createDocument({
      url,
      reasons: ['CLIPBOARD'],
      justification: 'Clear a copied recovery phrase or private key from the clipboard.',
    })
    await offscreen.closeDocument()
  }
