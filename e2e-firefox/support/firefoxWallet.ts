import { expect } from '@playwright/test'
import type { Page } from 'puppeteer-core'
import { firstAccount } from '../../e2e/support/anvil.ts'
import { testMnemonic, testPassword, type WalletSettings } from '../../e2e/support/walletUi.ts'
import { byTestId, type LaunchedFirefox, openExtensionPage } from './launchFirefox.ts'

/**
 * Onboards the wallet in Firefox through the popup's test ids (DESIGN §3), as
 * `e2e/support/walletUi.ts` does in Chromium; returns the popup on the home screen.
 */
export async function onboardInFirefox(firefox: LaunchedFirefox): Promise<Page> {
  const popup = await openExtensionPage(firefox.browser, firefox.popupUrl, 'onboarding-import')
  await popup.click(byTestId('onboarding-import'))
  await popup.waitForSelector(byTestId('mnemonic-input'))
  await popup.type(byTestId('mnemonic-input'), testMnemonic)
  await popup.type(byTestId('password-input'), testPassword)
  await popup.type(byTestId('password-confirm'), testPassword)
  await popup.click(byTestId('onboarding-submit'))
  // Deriving the vault key is deliberately slow (PBKDF2): allow for it.
  await popup.waitForSelector(byTestId(`home-account-${firstAccount.toLowerCase()}`), {
    timeout: 60_000,
  })
  return popup
}

/** Merges `changes` into the wallet's stored settings from an extension page (`storage.local`). */
export async function writeFirefoxSettings(page: Page, changes: WalletSettings): Promise<void> {
  await page.evaluate(async (changes) => {
    const { settings } = await chrome.storage.local.get('settings')
    await chrome.storage.local.set({ settings: { ...(settings ?? {}), ...changes } })
  }, changes)
}

/**
 * The extension windows (approval, confirmation) open now, the popup tab left out. Each page is
 * asked its address: BiDi reports a `moz-extension://` page's navigation to puppeteer never, so
 * puppeteer knows those pages as `about:blank`.
 */
async function extensionWindows(firefox: LaunchedFirefox): Promise<Page[]> {
  const pages = await firefox.browser.pages()
  const addresses = await Promise.all(
    pages.map((page) =>
      page.isClosed()
        ? undefined
        : // A window that closes while it is asked has no address: it is not open.
          page.evaluate(() => location.href).catch((error: unknown) => `closed: ${error}`),
    ),
  )
  return pages.filter((_, index) => {
    const address = addresses[index] ?? ''
    return address.startsWith(firefox.extensionOrigin) && address !== firefox.popupUrl
  })
}

/** Waits for the one extension window that shows `testId`, and returns its page. */
export async function waitForWindow(firefox: LaunchedFirefox, testId: string): Promise<Page> {
  await expect
    .poll(async () => (await extensionWindows(firefox)).length, {
      message: `a window with ${testId} opens`,
    })
    .toBeGreaterThan(0)
  const [page] = await extensionWindows(firefox)
  if (!page) throw new Error('the extension window vanished')
  await page.waitForSelector(byTestId(testId), { timeout: 30_000 })
  return page
}

/**
 * Clicks `testId` once it is enabled (a newly shown request's Approve is briefly disabled, DESIGN §6)
 * and waits for the window to close.
 */
export async function answerAndWaitClosed(
  firefox: LaunchedFirefox,
  page: Page,
  testId: string,
): Promise<void> {
  await page.waitForSelector(`${byTestId(testId)}:not([disabled])`)
  await page.click(byTestId(testId))
  await expect
    .poll(async () => (await extensionWindows(firefox)).length, { message: 'the window closes' })
    .toBe(0)
}
