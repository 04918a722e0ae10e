import { testMnemonic, testPassword } from '../e2e/support/walletUi.ts'
import { expect, test } from './fixtures.ts'
import { byTestId, openExtensionPage } from './support/launchFirefox.ts'

/** The alarm's delay after a copy (docs/security.md "Secrets on the clipboard"). */
const clearDelayMs = 60_000

test('a revealed phrase copied past the warning is on the clipboard, and the event page empties it 60 s later, the popup closed and the background stopped', async ({
  firefox,
}) => {
  test.setTimeout(clearDelayMs + 90_000)
  const popup = await openExtensionPage(firefox.browser, firefox.popupUrl, 'nav-settings')
  await popup.click(byTestId('nav-settings'))
  await popup.click(byTestId('settings-reveal-phrase'))
  await popup.type(byTestId('account-password'), testPassword)
  await popup.click(byTestId('account-password-submit'))
  await popup.waitForSelector(byTestId('reveal-words-copy'))

  await popup.click(byTestId('reveal-words-copy'))
  await popup.waitForSelector(byTestId('copy-secret-warning'))
  expect(await firefox.readClipboard()).not.toContain(testMnemonic)
  const copiedAt = Date.now()
  await popup.click(byTestId('copy-secret-confirm'))
  await popup.waitForSelector(byTestId('copy-secret-copied'))
  await expect.poll(() => firefox.readClipboard()).toBe(testMnemonic)

  // The clear is the background's alarm: it must not need the popup or a background kept alive.
  await popup.close()
  await firefox.stopBackground()
  expect(await firefox.readClipboard()).toBe(testMnemonic)
  await expect
    .poll(() => firefox.readClipboard(), { timeout: clearDelayMs + 30_000, intervals: [1_000] })
    .toBe('')
  expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(clearDelayMs)
})
