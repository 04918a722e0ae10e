import { readFile } from 'node:fs/promises'
import type { Request } from '@playwright/test'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { knownBadListSource } from '../src/core/wallet/warnings/knownBadListSource.ts'
import { expect, test } from './fixtures.ts'
import { answerConfirmation } from './support/confirmations.ts'
import { showSettings } from './support/popupScreens.ts'
import { reviewSend } from './support/sendScreen.ts'

const bundledList = new URL('../src/core/wallet/warnings/knownBadAddresses.json', import.meta.url)

test.describe("the known-bad address list's updates (DESIGN §11)", () => {
  test('are off by default and fetch nothing; turned on, the list is fetched once and a newly listed recipient is blocked', async ({
    wallet,
  }) => {
    const popup = wallet.popup
    // An address the bundled slice does not have, listed at the source since the build.
    const newlyListed = privateKeyToAddress(generatePrivateKey())
    const sourceRequests: Request[] = []
    wallet.context.on('request', (request) => {
      if (request.url() === knownBadListSource) sourceRequests.push(request)
    })
    const bundled: unknown[] = JSON.parse(await readFile(bundledList, 'utf8'))
    await wallet.context.route(knownBadListSource, (route) =>
      route.fulfill({
        contentType: 'text/plain',
        body: JSON.stringify([
          ...bundled,
          { address: newlyListed, comment: 'Drainer reported since', date: '2026-11-20' },
        ]),
      }),
    )

    await popup.reload()
    await showSettings(popup)
    const setting = popup.getByTestId('settings-known-bad-updates')
    await expect(setting).not.toBeChecked()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    const before = await reviewSend(wallet, { to: newlyListed, amount: '0.01' })
    await expect(before.getByTestId('warning-new-address')).toBeVisible()
    await expect(before.getByTestId('warning-known-bad')).toHaveCount(0)
    await answerConfirmation(before, 'reject')
    expect(sourceRequests).toEqual([])

    await popup.reload()
    await showSettings(popup)
    await setting.check()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    await expect.poll(() => sourceRequests.length).toBe(1)
    expect(sourceRequests[0]?.method()).toBe('GET')

    const after = await reviewSend(wallet, { to: newlyListed, amount: '0.01' })
    await expect(after.getByTestId('warning-known-bad')).toContainText(
      'known to have stolen funds (Drainer reported since)',
    )
    await expect(after.getByTestId('confirm-approve')).toBeDisabled()
    await answerConfirmation(after, 'reject')
    expect(sourceRequests).toHaveLength(1)

    // Turned off again (the other specs expect the bundled list): nothing more is fetched.
    await popup.reload()
    await showSettings(popup)
    await setting.uncheck()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    expect(sourceRequests).toHaveLength(1)
    await wallet.context.unroute(knownBadListSource)
  })
})
