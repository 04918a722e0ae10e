import type { BrowserContext, Page } from '@playwright/test'
import { createWalletClient, http, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { firstAccount, secondAccount } from '../e2e/support/anvil.ts'
import { confirmationWindow } from '../e2e/support/confirmations.ts'
import { invoke } from '../e2e/support/provider.ts'
import { testMnemonic } from '../e2e/support/walletUi.ts'

/** Per request: request sent → window shows it, and approve clicked → the page has the answer. */
export type SigningSamples = { shown: number[]; answered: number[]; direct: number[] }

/**
 * How often the window is checked for the request, in ms. Playwright's own `waitFor` checks at 0,
 * 20, 70, 170 and 270 ms, then every 500 ms, so a window shown just after a check was timed up to
 * 500 ms late: the figures moved in those steps. A check every few ms inside the window is finer
 * than anything measured here, and costs the window a lookup per check.
 */
const shownPollMs = 4

/** Opens (or finds) the confirmation window and waits until it shows a request. */
async function shownWindow(context: BrowserContext, extensionOrigin: string): Promise<Page> {
  const window =
    confirmationWindow(context, extensionOrigin) ??
    (await context.waitForEvent('page', (page) => page.url().includes('?confirm')))
  // As `getByTestId('confirm-origin').waitFor()` decides, visible: in the DOM and rendered.
  await window.waitForFunction(
    () => document.querySelector('[data-testid="confirm-origin"]')?.checkVisibility() === true,
    undefined,
    { polling: shownPollMs, timeout: 30_000 },
  )
  return window
}

/**
 * Times `runs` confirmations of one method through the wallet, the approval clicked by the harness,
 * each from a closed window (as a user meets it), and the same work done directly (a local key,
 * `direct`). `call` makes the page's request; `directly` does it without the wallet. `prepare`, when
 * given, runs before each round untimed (a fresh blockhash) and hands its value to both.
 */
export async function timeConfirmations<Prepared = undefined>(
  context: BrowserContext,
  extensionOrigin: string,
  runs: number,
  call: (prepared: Prepared) => Promise<unknown>,
  directly: (prepared: Prepared) => Promise<unknown>,
  prepare: () => Promise<Prepared> = async () => undefined as Prepared,
): Promise<SigningSamples> {
  const samples: SigningSamples = { shown: [], answered: [], direct: [] }
  for (let run = 0; run < runs; run += 1) {
    const prepared = await prepare()
    let start = performance.now()
    const pending = call(prepared)
    const window = await shownWindow(context, extensionOrigin)
    samples.shown.push(performance.now() - start)
    const closed = window.waitForEvent('close')
    const approve = window.getByTestId('confirm-approve')
    // Approve is armed a moment after the request shows (docs/security.md "Windows"): the user's
    // decision is timed from when it can be taken.
    await approve.and(window.locator(':enabled')).waitFor()
    start = performance.now()
    await approve.click()
    const outcome = (await pending) as { error?: unknown }
    samples.answered.push(performance.now() - start)
    if (outcome.error) throw new Error(JSON.stringify(outcome.error))
    await closed

    start = performance.now()
    await directly(prepared)
    samples.direct.push(performance.now() - start)
  }
  return samples
}

/**
 * The wallet's signing overhead (`npm run bench:extension`): `personal_sign` and
 * `eth_sendTransaction` of an ether transfer, through the wallet (from a page with a session that
 * grants them) and directly with a viem local account of the same key against the same endpoint.
 */
export async function measureSigning(parameters: {
  page: Page
  context: BrowserContext
  extensionOrigin: string
  endpointUrl: string
  scope: string
  runs: number
}): Promise<{ personalSign: SigningSamples; sendTransaction: SigningSamples }> {
  const { page, context, extensionOrigin, endpointUrl, scope, runs } = parameters
  const account = mnemonicToAccount(testMnemonic)
  const client = createWalletClient({ account, chain: foundry, transport: http(endpointUrl) })
  const message = 'Sign in to the benchmark'
  const personalSign = await timeConfirmations(
    context,
    extensionOrigin,
    runs,
    () =>
      invoke(page, scope, 'personal_sign', [
        `0x${Buffer.from(message).toString('hex')}`,
        firstAccount,
      ]),
    () => account.signMessage({ message }),
  )
  const value = parseEther('0.001')
  const sendTransaction = await timeConfirmations(
    context,
    extensionOrigin,
    runs,
    () =>
      invoke(page, scope, 'eth_sendTransaction', [
        { from: firstAccount, to: secondAccount, value: `0x${value.toString(16)}` },
      ]),
    () => client.sendTransaction({ to: secondAccount, value }),
  )
  return { personalSign, sendTransaction }
}

/**
 * `personal_sign` through the EIP-1193 provider (`window.ethereum.request`) of a page whose session
 * grants it, timed as `measureSigning` times the Multichain API's, next to a viem local account.
 */
export async function measureProviderSigning(parameters: {
  page: Page
  context: BrowserContext
  extensionOrigin: string
  runs: number
}): Promise<SigningSamples> {
  const { page, context, extensionOrigin, runs } = parameters
  const account = mnemonicToAccount(testMnemonic)
  const message = 'Sign in to the benchmark'
  const hex = `0x${Buffer.from(message).toString('hex')}`
  return timeConfirmations(
    context,
    extensionOrigin,
    runs,
    () =>
      page.evaluate(
        async ({ hex, from }) => {
          const ethereum = (window as { ethereum?: { request(args: unknown): Promise<unknown> } })
            .ethereum
          try {
            return {
              result: await ethereum?.request({ method: 'personal_sign', params: [hex, from] }),
            }
          } catch (error) {
            return { error: { code: (error as { code?: unknown }).code, message: String(error) } }
          }
        },
        { hex, from: firstAccount },
      ),
    () => account.signMessage({ message }),
  )
}
