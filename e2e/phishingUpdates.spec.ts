import { readFile } from 'node:fs/promises'
import type { Request } from '@playwright/test'
import { phishingListSource } from '../src/core/wallet/phishingListSource.ts'
import { expect, test } from './fixtures.ts'
import { showSettings } from './support/popupScreens.ts'

const bundledList = new URL('../node_modules/eth-phishing-detect/src/config.json', import.meta.url)

test.describe("the phishing list's updates (DESIGN §11)", () => {
  test('are off by default and fetch nothing; turned on, the worker fetches the list from its source', async ({
    wallet,
  }) => {
    const popup = wallet.popup
    const sourceRequests: Request[] = []
    wallet.context.on('request', (request) => {
      if (request.url() === phishingListSource) sourceRequests.push(request)
    })
    // The source answers with the snapshot itself: the check stays what every other spec expects.
    await wallet.context.route(phishingListSource, async (route) =>
      route.fulfill({ contentType: 'application/json', body: await readFile(bundledList, 'utf8') }),
    )

    await popup.reload()
    await showSettings(popup)
    const setting = popup.getByTestId('settings-phishing-updates')
    await expect(setting).not.toBeChecked()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    // A worker stop and wake runs its start-up work too: still nothing leaves while off.
    await popup.reload()
    await showSettings(popup)
    await expect(setting).not.toBeChecked()
    expect(sourceRequests).toEqual([])

    await setting.check()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    await expect.poll(() => sourceRequests.length).toBe(1)
    expect(sourceRequests[0]?.method()).toBe('GET')

    await setting.uncheck()
    await popup.getByTestId('settings-save').click()
    await expect(popup.getByTestId('settings-saved')).toBeVisible()
    await popup.reload()
    await showSettings(popup)
    await expect(popup.getByTestId('settings-phishing-updates')).not.toBeChecked()
    expect(sourceRequests).toHaveLength(1)
    await wallet.context.unroute(phishingListSource)
  })
})
