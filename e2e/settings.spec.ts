import type { Page } from '@playwright/test'
import { devnet, expect, test } from './fixtures.ts'
import { startNodeEndpoint } from './support/endpoint.ts'
import {
  fillNetworkForm,
  openWalletPopup,
  saveFullScreen,
  showSettings,
} from './support/popupScreens.ts'
import { invoke, notifications, request, type SessionScopes } from './support/provider.ts'
import { saveScreen, writeSettings } from './support/walletUi.ts'

const unauthorized = {
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
}

/** Removes every custom network straight from storage (test clean-up; the wallet is shared). */
const forgetCustomNetworks = (extensionPage: Page): Promise<void> =>
  extensionPage.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))

test.describe('settings', () => {
  test('the API key is masked, saved, and turns the built-in networks on', async ({ wallet }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      await showSettings(popup)
      await expect(popup.getByTestId('network-eip155:1')).toContainText('needs API key')
      const key = popup.getByTestId('settings-api-key')
      await expect(key).toHaveAttribute('type', 'password')
      await key.fill('84842078b09946638c03157f83405213')
      await popup.getByTestId('settings-save').click()
      await expect(popup.getByTestId('settings-saved')).toBeVisible()
      await expect(popup.getByTestId('network-eip155:1')).not.toContainText('needs API key')
      // The key never shows in the list of networks: only in its own, masked field.
      await expect(popup.getByTestId('network-eip155:1')).not.toContainText('84842078')
      await saveScreen(popup, 'settings')
      await saveFullScreen(popup, 'settings-full')

      await popup.getByTestId('settings-api-key-toggle').click()
      await expect(key).toHaveAttribute('type', 'text')
      await popup.reload()
      await popup.getByTestId('nav-settings').click()
      await expect(popup.getByTestId('settings-api-key')).toHaveValue(
        '84842078b09946638c03157f83405213',
      )
      await expect(popup.getByTestId('settings-api-key')).toHaveAttribute('type', 'password')
    } finally {
      await writeSettings(wallet.popup, { infuraApiKey: '' })
      await popup.close()
    }
  })

  test('auto-lock and API key refusals show next to their fields; a valid auto-lock is kept', async ({
    wallet,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      await showSettings(popup)
      await popup.getByTestId('settings-auto-lock').fill('0')
      await popup.getByTestId('settings-api-key').fill('not/a key')
      await popup.getByTestId('settings-save').click()
      await expect(popup.getByTestId('settings-auto-lock-error')).toHaveText(
        'Between 1 and 1440 minutes.',
      )
      await expect(popup.getByTestId('settings-api-key-error')).toHaveText(
        'An API key holds only letters, digits, _ and -.',
      )
      await popup.getByTestId('settings-api-key').fill('')
      await popup.getByTestId('settings-auto-lock').fill('30')
      await popup.getByTestId('settings-save').click()
      await expect(popup.getByTestId('settings-saved')).toBeVisible()
      await expect(popup.getByTestId('settings-auto-lock-error')).toBeHidden()
      const stored = await popup.evaluate(async () => {
        const { settings } = await chrome.storage.local.get('settings')
        return (settings as { autoLockMinutes?: number }).autoLockMinutes
      })
      expect(stored).toBe(30)
    } finally {
      await writeSettings(wallet.popup, { autoLockMinutes: 15 })
      await popup.close()
    }
  })

  test('a new auto-lock time counts from the change: the lock alarm moves to it at once', async ({
    wallet,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    const lockAlarm = () =>
      popup.evaluate(async () => {
        const alarm = await chrome.alarms.get('auto-lock')
        return alarm ? alarm.scheduledTime - Date.now() : undefined
      })
    try {
      await showSettings(popup)
      // The settings screen's own requests just recorded activity: the alarm is 15 minutes out.
      await expect.poll(lockAlarm).toBeGreaterThan(10 * 60_000)
      await popup.getByTestId('settings-auto-lock').fill('1')
      await popup.getByTestId('settings-save').click()
      await expect(popup.getByTestId('settings-saved')).toBeVisible()
      const untilLock = await lockAlarm()
      expect(untilLock).toBeGreaterThan(0)
      expect(untilLock).toBeLessThanOrEqual(60_000)
    } finally {
      await writeSettings(wallet.popup, { autoLockMinutes: 15 })
      await popup.close()
    }
  })

  test('the network form refuses malformed values and an endpoint that serves another chain', async ({
    wallet,
    endpoint,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      await showSettings(popup)
      await popup.getByTestId('network-add').click()
      await fillNetworkForm(popup, {
        chainId: 'eip155:0x539',
        name: ' ',
        rpcUrl: 'ftp://127.0.0.1/v3/dev',
        wsUrl: endpoint.httpUrl,
      })
      await expect(popup.getByTestId('network-chain-id-error')).toHaveText(
        'Enter an EVM chain id as eip155:<number>, e.g. eip155:1337.',
      )
      await expect(popup.getByTestId('network-name-error')).toHaveText('Give the network a name.')
      await expect(popup.getByTestId('network-rpc-url-error')).toHaveText(
        'Enter an http:// or https:// URL.',
      )
      await expect(popup.getByTestId('network-ws-url-error')).toHaveText(
        'Enter a ws:// or wss:// URL.',
      )
      await saveScreen(popup, 'network-form-errors')

      await fillNetworkForm(popup, {
        chainId: devnet,
        name: 'Again',
        rpcUrl: endpoint.httpUrl,
        wsUrl: endpoint.wsUrl,
      })
      await expect(popup.getByTestId('network-chain-id-error')).toHaveText(
        'eip155:31337 is a built-in network.',
      )

      // Well-formed, but the endpoint is the devnet (31337): the live check says so.
      await fillNetworkForm(popup, { chainId: 'eip155:4242', name: 'Wrong chain' })
      await expect(popup.getByTestId('network-rpc-url-error')).toHaveText(
        'This endpoint serves eip155:31337, not eip155:4242.',
      )
      await expect(popup.getByTestId('network-chain-id-error')).toBeHidden()
      await saveScreen(popup, 'network-form-live-check')
      await popup.getByTestId('network-cancel').click()
      await expect(popup.getByTestId('network-eip155:4242')).toHaveCount(0)
    } finally {
      await popup.close()
    }
  })

  test('a custom network becomes grantable and serves calls; removing it drops its scope with wallet_sessionChanged', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const custom = 'eip155:1337'
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      // Before it is added, the chain is not supported: a required scope on it is 5100.
      const before = await request(dappPage, 'wallet_createSession', {
        requiredScopes: { [custom]: { methods: ['eth_chainId'], notifications: [] } },
      })
      expect(before.error?.code).toBe(5100)

      await showSettings(popup)
      await popup.getByTestId('network-add').click()
      await fillNetworkForm(popup, {
        chainId: custom,
        name: 'Second devnet',
        rpcUrl: second.httpUrl,
        wsUrl: second.wsUrl,
      })
      const row = popup.getByTestId(`network-${custom}`)
      await expect(row).toContainText('Second devnet')
      await expect(row).toContainText(second.httpUrl)
      await saveFullScreen(popup, 'settings-networks-custom')

      const created = await connect(dappPage, {
        requiredScopes: {
          [custom]: { methods: ['eth_chainId', 'eth_blockNumber'], notifications: [] },
        },
        optionalScopes: { [devnet]: { methods: ['eth_chainId'], notifications: [] } },
      })
      expect(Object.keys(created.sessionScopes).sort()).toEqual([custom, devnet].sort())
      expect(await invoke(dappPage, custom, 'eth_chainId', [])).toEqual({ result: '0x539' })
      expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })

      // Editing keeps the chain (its name changes, the session stays).
      await popup.getByTestId(`network-edit-${custom}`).click()
      await expect(popup.getByTestId('network-chain-id')).toHaveValue(custom)
      await fillNetworkForm(popup, { name: 'Second devnet (renamed)' })
      await expect(row).toContainText('Second devnet (renamed)')
      expect(await invoke(dappPage, custom, 'eth_blockNumber', [])).toEqual({
        result: expect.stringMatching(/^0x/),
      })

      await popup.getByTestId(`network-remove-${custom}`).click()
      await expect(row).toHaveCount(0)
      const { [custom]: _dropped, ...withoutCustom } = created.sessionScopes
      await expect
        .poll(async () =>
          (await notifications(dappPage, 'wallet_sessionChanged')).map(
            (event) => (event.params as { sessionScopes: SessionScopes }).sessionScopes,
          ),
        )
        .toEqual([created.sessionScopes, withoutCustom])
      expect(await invoke(dappPage, custom, 'eth_chainId', [])).toEqual({ error: unauthorized })
      expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })
    } finally {
      await forgetCustomNetworks(wallet.popup)
      await popup.close()
      await second.close()
    }
  })
})
