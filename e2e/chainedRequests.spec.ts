import type { BrowserContext, Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { invoke, type Outcome, request, type SessionResult } from './support/provider.ts'
import { approvalWindows } from './support/walletUi.ts'

/** A session on the devnet that may sign. */
const signingSession = {
  optionalScopes: {
    [devnet]: { methods: ['personal_sign', 'eth_sendTransaction'], notifications: [] },
  },
}

const hexOf = (text: string): string => `0x${Buffer.from(text, 'utf8').toString('hex')}`

/**
 * The text of `testId` in `page`, or undefined when the page does not show it — also when the page
 * is a window that closes while it is read (the window of the approval just given).
 */
async function textOf(page: Page, testId: string): Promise<string | null | undefined> {
  const element = page.getByTestId(testId)
  try {
    return (await element.count()) > 0 ? await element.textContent() : undefined
  } catch (error) {
    if (page.isClosed() || (error instanceof Error && error.message.includes('has been closed'))) {
      return undefined
    }
    throw error
  }
}

/** Long enough for a window that was closing when the second request came to be gone. */
const settleMs = 1_000

/**
 * The confirmation window that shows `text` as its message: the window kept open or a new one
 * (the one that was closing may still be listed for a moment).
 */
async function windowShowing(
  context: BrowserContext,
  extensionOrigin: string,
  text: string,
): Promise<Page> {
  let found: Page | undefined
  await expect
    .poll(
      async () => {
        for (const page of context.pages()) {
          if (!page.url().startsWith(extensionOrigin) || !page.url().includes('?confirm')) continue
          if ((await textOf(page, 'confirm-message')) === text) {
            found = page
            return true
          }
        }
        return false
      },
      { message: `a confirmation window shows "${text}"` },
    )
    .toBe(true)
  if (!found) throw new Error('unreachable')
  return found
}

/** The approval window of `origin` (each origin's approval has its own window). */
async function approvalOf(
  context: BrowserContext,
  extensionOrigin: string,
  popupUrl: string,
  origin: string,
): Promise<Page> {
  let found: Page | undefined
  await expect
    .poll(
      async () => {
        for (const page of approvalWindows(context, extensionOrigin, popupUrl)) {
          if ((await textOf(page, 'approval-origin')) === origin) {
            found = page
            return true
          }
        }
        return false
      },
      { message: `an approval window shows ${origin}` },
    )
    .toBe(true)
  if (!found) throw new Error('unreachable')
  return found
}

type Signing = {
  chained: Record<string, Outcome<`0x${string}`>>
  signAndKeep(key: string, message: string): Promise<Outcome<`0x${string}`>>
}

/**
 * Gives the page `signAndKeep(key, message)`: `personal_sign` by the first account, its outcome
 * kept in `chained[key]` (so the test can see whether it was answered yet) and returned.
 */
function installSigner(page: Page): Promise<void> {
  return page.evaluate(
    ({ account, scope }) => {
      const signing = window as unknown as Signing
      signing.chained = {}
      signing.signAndKeep = async (key, message) => {
        const provider = window.aperture
        if (!provider) throw new Error('window.aperture is missing')
        try {
          const result = (await provider.request({
            method: 'wallet_invokeMethod',
            params: { scope, request: { method: 'personal_sign', params: [message, account] } },
          })) as `0x${string}`
          signing.chained[key] = { result }
        } catch (thrown) {
          const { code, message } = thrown as { code: number; message: string }
          signing.chained[key] = { error: { code, message } }
        }
        return signing.chained[key]
      }
    },
    { account: firstAccount, scope: devnet },
  )
}

/** Starts `personal_sign` of `text` in the page (`installSigner` first). */
function startSign(page: Page, key: string, text: string): Promise<Outcome<`0x${string}`>> {
  return page.evaluate(
    ({ key, message }) => (window as unknown as Signing).signAndKeep(key, message),
    { key, message: hexOf(text) },
  )
}

/**
 * In the page: `personal_sign` of `first`, and `delayMs` after its answer `personal_sign` of
 * `second` — the dapp that asks again as soon as the user approved.
 */
function startChain(
  page: Page,
  first: string,
  second: string,
  delayMs: number,
): Promise<Array<Outcome<`0x${string}`>>> {
  return page.evaluate(
    async ({ messages, delayMs }) => {
      const signing = window as unknown as Signing
      const one = await signing.signAndKeep('first', messages[0] ?? '')
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return [one, await signing.signAndKeep('second', messages[1] ?? '')]
    },
    { messages: [hexOf(first), hexOf(second)], delayMs },
  )
}

/** What the page has been answered so far for `key` (undefined while it waits). */
const answered = (page: Page, key: string): Promise<unknown> =>
  page.evaluate((key) => (window as unknown as Signing).chained[key], key)

const verifies = async (outcome: Outcome<`0x${string}`>, text: string): Promise<boolean> =>
  outcome.result !== undefined &&
  (await verifyMessage({ address: firstAccount, message: text, signature: outcome.result }))

test.describe('a request sent right after an approval waits for its own click', () => {
  test.use({ sessionRequest: signingSession })

  for (const delayMs of [0, 50, 200]) {
    test(`personal_sign ${delayMs} ms after the previous one was approved`, async ({
      wallet,
      sessionPage,
    }) => {
      await installSigner(sessionPage)
      const first = `first, then ${delayMs} ms`
      const second = `second, ${delayMs} ms after`
      const chain = startChain(sessionPage, first, second, delayMs)
      await (await windowShowing(wallet.context, wallet.extensionOrigin, first))
        .getByTestId('confirm-approve')
        .click()
      const window = await windowShowing(wallet.context, wallet.extensionOrigin, second)
      await sessionPage.waitForTimeout(settleMs)
      expect(await answered(sessionPage, 'second')).toBeUndefined()
      await expect(window.getByTestId('confirm-message')).toHaveText(second)
      await window.getByTestId('confirm-approve').click()
      const [one, two] = await chain
      expect(one && (await verifies(one, first))).toBe(true)
      expect(two && (await verifies(two, second))).toBe(true)
    })
  }

  for (const delayMs of [0, 50, 200]) {
    test(`another origin's personal_sign ${delayMs} ms after an approval`, async ({
      wallet,
      sessionPage,
      openDapp,
      otherDapp,
      connect,
    }) => {
      const otherPage = await openDapp(otherDapp)
      await connect(otherPage, signingSession)
      await installSigner(sessionPage)
      await installSigner(otherPage)
      const first = `origin one, then ${delayMs} ms`
      const second = `origin two, ${delayMs} ms after`
      const one = startSign(sessionPage, 'first', first)
      await (await windowShowing(wallet.context, wallet.extensionOrigin, first))
        .getByTestId('confirm-approve')
        .click()
      expect(await verifies(await one, first)).toBe(true)
      await otherPage.waitForTimeout(delayMs)
      const two = startSign(otherPage, 'second', second)
      const window = await windowShowing(wallet.context, wallet.extensionOrigin, second)
      await otherPage.waitForTimeout(settleMs)
      expect(await answered(otherPage, 'second')).toBeUndefined()
      await window.getByTestId('confirm-approve').click()
      expect(await verifies(await two, second)).toBe(true)
    })
  }

  test('a chained request with the worker stopped between the two', async ({
    wallet,
    sessionPage,
    serviceWorker,
  }) => {
    await installSigner(sessionPage)
    const first = 'before the stop'
    const second = 'after the stop'
    const one = startSign(sessionPage, 'first', first)
    await (await windowShowing(wallet.context, wallet.extensionOrigin, first))
      .getByTestId('confirm-approve')
      .click()
    expect(await verifies(await one, first)).toBe(true)
    await serviceWorker.stop()
    const two = startSign(sessionPage, 'second', second)
    const window = await windowShowing(wallet.context, wallet.extensionOrigin, second)
    await sessionPage.waitForTimeout(settleMs)
    expect(await answered(sessionPage, 'second')).toBeUndefined()
    await window.getByTestId('confirm-approve').click()
    expect(await verifies(await two, second)).toBe(true)
    expect(serviceWorker.stops).toBe(1)
  })

  test('eth_sendTransaction right after a personal_sign was approved', async ({
    wallet,
    sessionPage,
  }) => {
    await installSigner(sessionPage)
    const text = 'approve, then send'
    const one = startSign(sessionPage, 'first', text)
    await (await windowShowing(wallet.context, wallet.extensionOrigin, text))
      .getByTestId('confirm-approve')
      .click()
    expect(await verifies(await one, text)).toBe(true)
    const sent = invoke<`0x${string}`>(sessionPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: firstAccount, value: '0x1' },
    ])
    let window: Page | undefined
    await expect
      .poll(async () => {
        for (const page of wallet.context.pages()) {
          if (!page.url().includes('?confirm')) continue
          if ((await page.getByTestId('confirm-tx-to').count()) > 0) {
            window = page
            return true
          }
        }
        return false
      })
      .toBe(true)
    await sessionPage.waitForTimeout(settleMs)
    if (!window) throw new Error('unreachable')
    await expect(window.getByTestId('confirm-approve')).toBeEnabled()
    await window.getByTestId('confirm-approve').click()
    const outcome = await sent
    expect(outcome.error).toBeUndefined()
    expect(outcome.result).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

test.describe('a session request right after another origin was approved waits for its click', () => {
  const params = {
    optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
  }
  const cases: Array<{ name: string; delayMs: number; stopWorker: boolean }> = [
    { name: '0 ms after', delayMs: 0, stopWorker: false },
    { name: '50 ms after', delayMs: 50, stopWorker: false },
    { name: '200 ms after', delayMs: 200, stopWorker: false },
    { name: 'with the worker stopped right after', delayMs: 0, stopWorker: true },
  ]
  for (const { name, delayMs, stopWorker } of cases) {
    test(`wallet_createSession ${name} another origin's approval`, async ({
      wallet,
      dappPage,
      dapp,
      openDapp,
      otherDapp,
      serviceWorker,
    }) => {
      const otherPage = await openDapp(otherDapp)
      const approvalOfOrigin = (origin: string) =>
        approvalOf(wallet.context, wallet.extensionOrigin, wallet.popupUrl, origin)
      const one = request<SessionResult>(dappPage, 'wallet_createSession', params)
      await (await approvalOfOrigin(dapp.origin)).getByTestId('approval-approve').click()
      expect((await one).error).toBeUndefined()
      if (stopWorker) await serviceWorker.stop()
      await otherPage.waitForTimeout(delayMs)
      let second: Outcome<SessionResult> | undefined
      const two = request<SessionResult>(otherPage, 'wallet_createSession', params).then(
        (outcome) => {
          second = outcome
          return outcome
        },
      )
      const window = await approvalOfOrigin(otherDapp.origin)
      await otherPage.waitForTimeout(settleMs)
      expect(second).toBeUndefined()
      await window.getByTestId('approval-approve').click()
      expect(Object.keys((await two).result?.sessionScopes ?? {})).toEqual([devnet])
      expect(serviceWorker.stops).toBe(stopWorker ? 1 : 0)
    })
  }
})
