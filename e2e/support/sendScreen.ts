import { expect, type Locator, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { waitForConfirmation } from './confirmations.ts'
import type { ReadyWallet } from './wallet.ts'

/** What the send screen is filled with (DESIGN §9 test ids); absent fields are left as they are. */
export type SendForm = {
  network?: string
  asset?: string
  to?: string
  amount?: string
}

/** Goes from home to Send and waits for the assets of the starting network. */
export async function openSend(popup: Page): Promise<void> {
  await popup.getByTestId('home-send').click()
  await expect(popup.getByTestId('send-asset').locator('option[value="native"]')).toHaveCount(1)
}

/** Opens Send from a fresh home, fills it and presses Review: the confirmation window it opens. */
export async function reviewSend(wallet: ReadyWallet, form: SendForm): Promise<Page> {
  await wallet.popup.reload()
  await openSend(wallet.popup)
  await fillSend(wallet.popup, form)
  await wallet.popup.getByTestId('send-review').click()
  return waitForConfirmation(wallet.context, wallet.extensionOrigin)
}

/**
 * Fills the send screen as a user does: network, then asset (once the network's assets are read),
 * recipient and amount; waits until Review is enabled (the checks passed and the fee is quoted).
 */
export async function fillSend(popup: Page, form: SendForm): Promise<void> {
  if (form.network) await popup.getByTestId('send-network').selectOption(form.network)
  if (form.asset) {
    await expect(
      popup.getByTestId('send-asset').locator(`option[value="${form.asset}"]`),
    ).toHaveCount(1)
    await popup.getByTestId('send-asset').selectOption(form.asset)
  }
  if (form.to !== undefined) await popup.getByTestId('send-to').fill(form.to)
  if (form.amount !== undefined) await popup.getByTestId('send-amount').fill(form.amount)
  await expect(popup.getByTestId('send-review')).toBeEnabled()
}

/** The text of the QR code an element shows, decoded from a screenshot of it (jsQR over pngjs). */
export async function decodeQr(element: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await element.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}
