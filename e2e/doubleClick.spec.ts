import type { Page } from '@playwright/test'
import { verifyMessage } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { waitForConfirmation } from './support/confirmations.ts'
import { invoke, type Outcome } from './support/provider.ts'

const signingSession = {
  optionalScopes: { [devnet]: { methods: ['personal_sign'], notifications: [] } },
}

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

/** `personal_sign` of `text` by the first account, from `page`. */
const sign = (page: Page, text: string) =>
  invoke<`0x${string}`>(page, devnet, 'personal_sign', [hexOf(text), firstAccount])

const verifies = async (outcome: Outcome<`0x${string}`>, text: string): Promise<boolean> =>
  outcome.result !== undefined &&
  (await verifyMessage({ address: firstAccount, message: text, signature: outcome.result }))

test("a double-click on Approve answers the request shown, and the next site's stays pending", async ({
  wallet,
  dapp,
  otherDapp,
  dappPage,
  openDapp,
  connect,
}) => {
  const otherPage = await openDapp(otherDapp)
  await connect(dappPage, signingSession)
  await connect(otherPage, signingSession)
  const first = sign(dappPage, 'Sign in to site A')
  const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
  await expect(window.getByTestId('confirm-origin')).toHaveText(dapp.origin)
  const second = sign(otherPage, 'Sign in to site B')
  await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 2')
  const approve = window.getByTestId('confirm-approve')
  await expect(approve).toBeEnabled()
  const box = await approve.boundingBox()
  if (!box) throw new Error('Approve is not on screen')
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]

  // The user double-clicks Approve on A. The worst case for the user: the second click comes just
  // as B is shown under the pointer (checked on every frame of the window).
  await window.mouse.click(x, y)
  await window.waitForFunction(
    (origin) => document.querySelector('[data-testid="confirm-origin"]')?.textContent === origin,
    otherDapp.origin,
    { polling: 'raf' },
  )
  await window.mouse.click(x, y, { clickCount: 2 })

  expect(await verifies(await first, 'Sign in to site A')).toBe(true)
  const stillPending = await Promise.race([
    second.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1500)),
  ])
  expect(stillPending).toBe(true)
  await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
  await expect(window.getByTestId('confirm-next-origin')).toHaveText(
    `Next: a request from ${otherDapp.origin}`,
  )
  await expect(window.getByTestId('confirm-origin')).toHaveText(otherDapp.origin)

  // B is answered by a click of its own.
  await approve.click()
  expect(await verifies(await second, 'Sign in to site B')).toBe(true)
})
