import { type BrowserContext, expect, type Page } from '@playwright/test'
import type { WorkerControl } from './serviceWorker.ts'
import { saveScreen } from './walletUi.ts'

/** The confirmation window: the extension page opened with `?confirm` (DESIGN §3). */
export function confirmationWindow(
  context: BrowserContext,
  extensionOrigin: string,
): Page | undefined {
  return context
    .pages()
    .find((page) => page.url().startsWith(extensionOrigin) && page.url().includes('?confirm'))
}

/**
 * Waits for the confirmation window to open and to show a request (`confirm-origin`), or, with
 * `locked`, the unlock screen.
 */
export async function waitForConfirmation(
  context: BrowserContext,
  extensionOrigin: string,
  options: { locked?: boolean } = {},
): Promise<Page> {
  await expect
    .poll(() => confirmationWindow(context, extensionOrigin) !== undefined, {
      message: 'the confirmation window opens',
    })
    .toBe(true)
  const window = confirmationWindow(context, extensionOrigin)
  if (!window) throw new Error('the confirmation window vanished')
  await expect(
    window.getByTestId(options.locked ? 'unlock-password' : 'confirm-origin'),
  ).toBeVisible()
  return window
}

/** Clicks approve or reject on the request shown; with `screen`, saves a screenshot first. */
export async function answerConfirmation(
  window: Page,
  answer: 'approve' | 'reject',
  screen?: string,
): Promise<void> {
  if (screen) {
    // The size the window opens at (chrome.windows.create): what the user sees.
    await window.setViewportSize({ width: 400, height: 680 })
    await saveScreen(window, screen)
  }
  await window.getByTestId(answer === 'approve' ? 'confirm-approve' : 'confirm-reject').click()
}

/**
 * Approves the request `window` shows after stopping the worker: the wallet's own request (a send,
 * a revoke, a speed-up or a cancel) whose toolbar popup closed once the window took focus, so that
 * nobody asks it again and only what the stopped worker kept can run it (DESIGN §6, issue 28).
 */
export async function approveAfterWorkerStop(
  window: Page,
  worker: Pick<WorkerControl, 'stop'>,
): Promise<void> {
  await worker.stop()
  await answerConfirmation(window, 'approve')
}

/**
 * Adds the network an `add_network` confirmation shows, as a user does: allows its local address
 * when `allowLocal`, asks for the live check, waits for its outcome, then presses Add.
 */
export async function addProposedNetwork(
  window: Page,
  options: { allowLocal?: boolean; screen?: string } = {},
): Promise<void> {
  if (options.allowLocal) await window.getByTestId('confirm-network-allow-local').check()
  await window.getByTestId('confirm-network-check').click()
  await expect(window.getByTestId('confirm-network-check-result')).toContainText('serves')
  await answerConfirmation(window, 'approve', options.screen)
}
