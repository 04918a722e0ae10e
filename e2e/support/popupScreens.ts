import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test'
import { saveScreen } from './walletUi.ts'

/** The size of a browser-action popup: screens must read well in it. */
export const popupSize = { width: 360, height: 600 }

/**
 * Opens the popup page in a tab of its own at popup size, on the unlocked home screen (the fixture's
 * wallet is onboarded), and waits for the home screen.
 */
export async function openWalletPopup(context: BrowserContext, popupUrl: string): Promise<Page> {
  const page = await context.newPage()
  await page.setViewportSize(popupSize)
  await page.goto(popupUrl)
  await expect(page.getByTestId('nav-connections')).toBeVisible()
  return page
}

/** Goes from home to "Connected sites". */
export async function showConnections(popup: Page): Promise<void> {
  await popup.getByTestId('nav-connections').click()
  await expect(popup.getByRole('heading', { name: 'Connected sites' })).toBeVisible()
}

/** Goes from home to Settings. */
export async function showSettings(popup: Page): Promise<void> {
  await popup.getByTestId('nav-settings').click()
  await expect(popup.getByTestId('settings-save')).toBeVisible()
}

/** Fills the network form (already open) with the values given and saves it. */
export async function fillNetworkForm(
  popup: Page,
  values: { chainId?: string; name?: string; rpcUrl?: string; wsUrl?: string },
): Promise<void> {
  const inputs = {
    chainId: 'network-chain-id',
    name: 'network-name',
    rpcUrl: 'network-rpc-url',
    wsUrl: 'network-ws-url',
  } as const
  for (const [field, testId] of Object.entries(inputs)) {
    const value = values[field as keyof typeof values]
    if (value !== undefined) await popup.getByTestId(testId).fill(value)
  }
  await popup.getByTestId('network-save').click()
}

/** The connection card of `origin` on the Connections screen. */
export const connectionRow = (popup: Page, origin: string): Locator =>
  popup.getByTestId(`connection-${origin}`)

/** The origin (`http://127.0.0.1:<port>`) of a dapp page. */
export const originOf = (page: Page): string => new URL(page.url()).origin

/**
 * Saves a screenshot of the popup's scrollable content in full (the layout scrolls inside
 * `.layout-main`, so a page screenshot would cut it): the page is made as tall as the content.
 */
export async function saveFullScreen(popup: Page, name: string): Promise<void> {
  const height = await popup.evaluate(() => {
    const main = document.querySelector('.layout-main')
    const header = document.querySelector('.layout-header')
    const footer = document.querySelector('.layout-footer')
    return (
      (main?.scrollHeight ?? 0) +
      (header?.getBoundingClientRect().height ?? 0) +
      (footer?.getBoundingClientRect().height ?? 0)
    )
  })
  await popup.setViewportSize({
    width: popupSize.width,
    height: Math.max(popupSize.height, height),
  })
  await saveScreen(popup, name)
  await popup.setViewportSize(popupSize)
}

/** Opens an account's screen from home by its address (lowercase 0x or base58). */
export async function openAccountScreen(popup: Page, address: string): Promise<void> {
  await popup.getByTestId(`account-open-${address}`).click()
  await expect(popup.getByTestId('account-name')).toBeVisible()
}

/** Renames an account from home (its screen's name field), then goes back home. */
export async function renameAccount(popup: Page, address: string, name: string): Promise<void> {
  await openAccountScreen(popup, address.toLowerCase())
  await popup.getByTestId('account-name').fill(name)
  await popup.getByTestId('account-name-save').click()
  await expect(popup.getByRole('heading', { name })).toBeVisible()
  await popup.getByTestId('nav-home').click()
}

/** Pastes `key` on the import screen (opened from home) and submits it. */
export async function submitImportedKey(popup: Page, key: string): Promise<void> {
  if (!(await popup.getByTestId('import-key-input').isVisible())) {
    await popup.getByTestId('account-import').click()
  }
  await popup.getByTestId('import-key-input').fill(key)
  await popup.getByTestId('import-key-submit').click()
}

/** Imports an account by private key from home; waits for its row (`account-open-<address>`). */
export async function importKey(popup: Page, key: string, address: string): Promise<void> {
  await submitImportedKey(popup, key)
  await expect(popup.getByTestId(`account-open-${address}`)).toBeVisible()
}
