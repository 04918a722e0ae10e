import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { sessionKeys } from '../../src/core/protocol/storageKeys.ts'
import { workerConsoleOf } from './launchWallet.ts'

/** anvil's mnemonic: its accounts are funded on the devnet. */
export const testMnemonic = 'test test test test test test test test test test test junk'
/** The vault password the fixture onboards with. */
export const testPassword = 'correct horse battery staple'

/** Where screenshots of the wallet's screens go: a test artifact, git-ignored. */
export const screensDirectory: string = fileURLToPath(
  new URL('../../test-results/screens/', import.meta.url),
)

/** Saves a screenshot of an extension screen as `test-results/screens/<name>.png`. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await mkdir(screensDirectory, { recursive: true })
  await page.screenshot({ path: `${screensDirectory}${name}.png`, fullPage: true })
}

/** Opens the popup page in a tab of its own (what QA does with `action.default_popup`). */
export async function openPopup(context: BrowserContext, popupUrl: string): Promise<Page> {
  const page = await context.newPage()
  await page.setViewportSize({ width: 400, height: 600 })
  await page.goto(popupUrl)
  return page
}

/**
 * Onboards a fresh wallet by importing the test mnemonic through the popup's test ids; returns the
 * popup page on the home screen.
 */
export async function onboard(
  context: BrowserContext,
  popupUrl: string,
  options: { mnemonic?: string; password?: string; screenshots?: boolean } = {},
): Promise<Page> {
  const password = options.password ?? testPassword
  const popup = await openPopup(context, popupUrl)
  await popup.getByTestId('onboarding-import').click()
  if (options.screenshots) await saveScreen(popup, 'onboarding-import')
  await popup.getByTestId('mnemonic-input').fill(options.mnemonic ?? testMnemonic)
  await popup.getByTestId('password-input').fill(password)
  await popup.getByTestId('password-confirm').fill(password)
  await popup.getByTestId('onboarding-submit').click()
  // Deriving the vault key is deliberately slow (PBKDF2): allow for it.
  await expect(popup.getByTestId(/^home-account-0x/).first()).toBeVisible({ timeout: 30_000 })
  if (options.screenshots) await saveScreen(popup, 'home')
  return popup
}

/** Unlocks the wallet on a page that shows the unlock screen. */
export async function unlock(page: Page, password = testPassword): Promise<void> {
  await page.getByTestId('unlock-password').fill(password)
  await page.getByTestId('unlock-submit').click()
  await expect(page.getByTestId('unlock-password')).toBeHidden()
}

/** Derives the next account on the home screen; returns its lowercase address once listed. */
export async function addAccount(popup: Page, expectedAddress: string): Promise<void> {
  await popup.getByTestId('account-add').click()
  await expect(popup.getByTestId(`home-account-${expectedAddress.toLowerCase()}`)).toBeVisible()
}

/** The `settings` item of the extension's `storage.local` (partial: the wallet fills in defaults). */
export type WalletSettings = {
  infuraApiKey?: string
  autoLockMinutes?: number
  localDevnet?: { rpcUrl: string; wsUrl: string }
  localSolanaDevnet?: { rpcUrl: string; wsUrl: string }
}

/**
 * Merges `changes` into the wallet's stored settings from an extension page (the background reads
 * them from `storage.local` on each use, so a running or stopped worker both see them).
 */
export async function writeSettings(extensionPage: Page, changes: WalletSettings): Promise<void> {
  await extensionPage.evaluate(async (changes) => {
    const { settings } = await chrome.storage.local.get('settings')
    await chrome.storage.local.set({ settings: { ...(settings ?? {}), ...changes } })
  }, changes)
}

/** Points the built-in Local devnet (`eip155:31337`) at an endpoint on another port. */
export async function configureLocalDevnet(
  extensionPage: Page,
  endpoint: { httpUrl: string; wsUrl: string },
): Promise<void> {
  await writeSettings(extensionPage, {
    localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
  })
}

/**
 * Every open extension page other than the popup page itself: approval windows (the popup bundle
 * opened by `chrome.windows.create`, with the approval named in its query).
 */
export function approvalWindows(
  context: BrowserContext,
  extensionOrigin: string,
  popupUrl: string,
): Page[] {
  return context
    .pages()
    .filter((page) => page.url().startsWith(extensionOrigin) && page.url() !== popupUrl)
}

/**
 * Waits for the approval window (`chrome.windows.create`, an extension page other than the popup)
 * and for it to show `approval-origin` (or, with `locked`, the unlock screen).
 */
export async function waitForApprovalWindow(
  context: BrowserContext,
  extensionOrigin: string,
  popupUrl: string,
  options: { locked?: boolean } = {},
): Promise<Page> {
  const ready = options.locked ? 'unlock-password' : 'approval-origin'
  try {
    await expect
      .poll(() => approvalWindows(context, extensionOrigin, popupUrl).length, {
        message: 'an approval window opens',
      })
      .toBeGreaterThan(0)
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n${await windowsAndApprovals(context, popupUrl)}`,
    )
  }
  const [window] = approvalWindows(context, extensionOrigin, popupUrl)
  if (!window) throw new Error('approval window vanished')
  await expect(window.getByTestId(ready)).toBeVisible()
  return window
}

/**
 * What the browser and the worker hold when an awaited approval window did not open, for the
 * failure's message: the pages Playwright knows, the browser's windows with their tabs' addresses
 * (`chrome.windows.getAll`, read from the wallet's popup page), the approval records in
 * `storage.session` (what the worker asked and what it recorded), and the worker's latest console.
 */
async function windowsAndApprovals(context: BrowserContext, popupUrl: string): Promise<string> {
  const known = `Pages: ${JSON.stringify(context.pages().map((page) => page.url()))}`
  const workerLines = `Worker console:\n${workerConsoleOf(context).join('\n')}`
  const popup = context.pages().find((page) => page.url() === popupUrl)
  if (!popup)
    return `${known}\nNo popup page is open to read the windows and approvals from.\n${workerLines}`
  const seen = await popup.evaluate(async (prefix) => {
    const windows = await chrome.windows.getAll({ populate: true })
    const stored = await chrome.storage.session.get(null)
    return {
      windows: windows.map(({ id, type, tabs }) => ({
        id,
        type,
        urls: tabs?.map((tab) => tab.url ?? tab.pendingUrl),
      })),
      approvals: Object.entries(stored)
        .filter(([key]) => key.startsWith(prefix))
        .map(([, record]) => record),
    }
  }, sessionKeys.approvalPrefix)
  return `${known}\nBrowser windows: ${JSON.stringify(seen.windows)}\nApproval records: ${JSON.stringify(seen.approvals)}\n${workerLines}`
}

/** The `approval-account-*` / `approval-chain-*` checkboxes and whether each is checked. */
export async function checkboxStates(
  approval: Page,
  prefix: 'approval-account-' | 'approval-chain-',
): Promise<Record<string, boolean>> {
  const boxes = approval.locator(`[data-testid^="${prefix}"]`)
  const states: Record<string, boolean> = {}
  for (const box of await boxes.all()) {
    const id = await box.getAttribute('data-testid')
    if (id) states[id.slice(prefix.length)] = await box.isChecked()
  }
  return states
}

/**
 * Sets the approval's selection (only the named accounts / chains checked, when given) and
 * approves; waits for the window to close.
 */
export async function approve(
  approval: Page,
  selection: { accounts?: string[]; chains?: string[] } = {},
): Promise<void> {
  if (selection.accounts)
    await select(
      approval,
      'approval-account-',
      // Test ids carry a 0x address in lowercase, a base58 one (an imported Solana key) as it is.
      selection.accounts.map((a) => (a.startsWith('0x') ? a.toLowerCase() : a)),
    )
  if (selection.chains) await select(approval, 'approval-chain-', selection.chains)
  const closed = approval.waitForEvent('close')
  await approval.getByTestId('approval-approve').click()
  await closed
}

/** Rejects the approval; waits for the window to close. */
export async function reject(approval: Page): Promise<void> {
  const closed = approval.waitForEvent('close')
  await approval.getByTestId('approval-reject').click()
  await closed
}

async function select(approval: Page, prefix: string, wanted: string[]): Promise<void> {
  for (const box of await approval.locator(`[data-testid^="${prefix}"]`).all()) {
    const id = (await box.getAttribute('data-testid'))?.slice(prefix.length) ?? ''
    await box.setChecked(wanted.includes(id))
  }
}

/** Home, reloaded, with the first account's transactions unfolded. */
export async function showActivity(popup: Page): Promise<void> {
  await popup.reload()
  await popup
    .getByText(/^Transactions \(/)
    .first()
    .click()
}
