import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import puppeteer, { type Browser, type Page, TimeoutError } from 'puppeteer-core'
import { geckoId } from '../../scripts/build/firefoxManifest.ts'

/** What `npm run build:firefox` writes. */
export const firefoxExtensionDirectory: string = fileURLToPath(
  new URL('../../extension-firefox/', import.meta.url),
)

/** Firefox to drive: `FIREFOX_PATH`, else Debian's `/usr/bin/firefox-esr` (scripts/setup). */
export const firefoxPath: string = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/**
 * The add-on's internal uuid, fixed through the `extensions.webextensions.uuids` pref so that its
 * `moz-extension://` address is known before it is installed (Firefox draws one at random otherwise).
 */
const extensionUuid = '5e0a7c1d-4b2f-4f0e-9a63-0c2d8e4b7a11'

export type LaunchedFirefox = {
  browser: Browser
  /** `moz-extension://<uuid>/`: every extension page (popup, approval window) starts with it. */
  extensionOrigin: string
  /** `moz-extension://<uuid>/<action.default_popup>`. */
  popupUrl: string
  /**
   * Stops the add-on's event page now, as Firefox does when it is idle (the counterpart of CDP's
   * `ServiceWorker.stopWorker`): `terminateBackground` evaluated in the browser's chrome scope.
   */
  stopBackground(): Promise<void>
  /**
   * The text on the system clipboard (`''` when it holds none), read in the browser's chrome scope:
   * a page cannot read it without the `clipboardRead` permission, which the wallet does not ask for.
   */
  readClipboard(): Promise<string>
  close(): Promise<void>
}

/**
 * Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core, with `extension-firefox/`
 * installed as a temporary add-on (what "Load Temporary Add-on" does). `--remote-allow-system-access`
 * lets BiDi open `moz-extension://` pages and evaluate in the chrome scope (`stopBackground`).
 */
export async function launchFirefox(): Promise<LaunchedFirefox> {
  const manifest = JSON.parse(
    await readFile(`${firefoxExtensionDirectory}manifest.json`, 'utf8'),
  ) as { action: { default_popup: string } }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: extensionUuid }),
    },
  })
  try {
    await browser.installExtension(firefoxExtensionDirectory)
    const extensionOrigin = `moz-extension://${extensionUuid}/`
    return {
      browser,
      extensionOrigin,
      popupUrl: `${extensionOrigin}${manifest.action.default_popup}`,
      stopBackground: () => stopBackground(browser),
      readClipboard: () => readClipboard(browser),
      close: () => browser.close(),
    }
  } catch (error) {
    await browser.close()
    throw error
  }
}

/** The part of puppeteer's BiDi browser that sends raw WebDriver BiDi commands. */
type BidiConnection = { send(method: string, params: object): Promise<{ result: unknown }> }

/** Evaluates `expression` (awaited) in the browser's chrome scope over raw BiDi: its value. */
async function evaluateInChrome(browser: Browser, expression: string): Promise<unknown> {
  const { connection } = browser as unknown as { connection: BidiConnection }
  const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' }))
    .result as { contexts: Array<{ context: string }> }
  const [chrome] = tree.contexts
  if (chrome === undefined) throw new Error('Firefox shows no chrome-scope browsing context')
  const evaluated = (
    await connection.send('script.evaluate', {
      expression,
      target: { context: chrome.context },
      awaitPromise: true,
    })
  ).result as { type: string; result?: { value?: unknown }; exceptionDetails?: { text?: string } }
  if (evaluated.type !== 'success') {
    throw new Error(`evaluating in the chrome scope failed: ${JSON.stringify(evaluated)}`)
  }
  return evaluated.result?.value
}

async function stopBackground(browser: Browser): Promise<void> {
  const stopped = await evaluateInChrome(
    browser,
    `(async () => {
      const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs')
      await ExtensionParent.GlobalManager.getExtension(${JSON.stringify(geckoId)})
        .terminateBackground({ disableResetIdleForTest: true })
      return 'stopped'
    })()`,
  )
  if (stopped !== 'stopped') throw new Error(`stopping the background failed: ${String(stopped)}`)
}

async function readClipboard(browser: Browser): Promise<string> {
  const text = await evaluateInChrome(
    browser,
    `(() => {
      const transferable = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable)
      transferable.init(null)
      transferable.addDataFlavor('text/plain')
      Services.clipboard.getData(transferable, Ci.nsIClipboard.kGlobalClipboard)
      const data = {}
      // A clipboard without text has no text/plain data: getTransferData throws for it.
      try {
        transferable.getTransferData('text/plain', data)
      } catch {
        return ''
      }
      return data.value.QueryInterface(Ci.nsISupportsString).data
    })()`,
  )
  if (typeof text !== 'string') throw new Error(`the clipboard read gave ${String(text)}`)
  return text
}

/**
 * Opens an extension page in a new tab. BiDi never reports a `moz-extension://` navigation as
 * finished, so it is started without being awaited and the page is ready when `readyTestId` shows.
 * Firefox may swap the new tab's browsing context while it moves from `about:blank` to the
 * extension's process; puppeteer then reports the frame detached and its wait fails at once, not
 * by timing out. That tab is closed and the page opened again, at most three times.
 */
export async function openExtensionPage(
  browser: Browser,
  url: string,
  readyTestId: string,
): Promise<Page> {
  const attempts = 3
  for (let attempt = 1; ; attempt++) {
    const page = await browser.newPage()
    page.goto(url, { timeout: 0 }).catch((error: unknown) => {
      // The navigation does finish: the test id below is the proof, or the wait fails. What
      // puppeteer says when the page closes before it saw it finish is only noted.
      console.debug(`${url}: ${error instanceof Error ? error.message : String(error)}`)
    })
    try {
      await page.waitForSelector(byTestId(readyTestId), { timeout: 30_000 })
      return page
    } catch (error) {
      const detached = !(error instanceof TimeoutError)
      if (!detached || attempt === attempts) throw error
      console.debug(`${url}: opened again after the tab's frame went away (${String(error)})`)
      await page.close().catch(() => undefined)
    }
  }
}

/** The CSS selector of a `data-testid` (DESIGN §3). */
export const byTestId = (testId: string): string => `[data-testid="${testId}"]`
