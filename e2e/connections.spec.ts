import type { Page } from '@playwright/test'
import { devnet, expect, readMethods, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import {
  connectionRow,
  openWalletPopup,
  originOf,
  saveFullScreen,
  showConnections,
} from './support/popupScreens.ts'
import { invoke, notifications, request, type SessionScopes } from './support/provider.ts'
import { saveScreen, writeSettings } from './support/walletUi.ts'

const mainnet = 'eip155:1'
const unauthorized = {
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
}
const noSession = { sessionScopes: {}, sessionProperties: {} }

/** The scopes of every `wallet_sessionChanged` the demo dapp logged, in order. */
const sessionChanges = async (page: Page): Promise<unknown[]> =>
  (await notifications(page, 'wallet_sessionChanged')).map(
    (event) => (event.params as { sessionScopes: SessionScopes }).sessionScopes,
  )

/** A session on the devnet and (with an API key set) Ethereum Mainnet. */
const twoChainRequest = {
  optionalScopes: {
    [devnet]: { methods: readMethods, notifications: ['eth_subscription'] },
    [mainnet]: { methods: ['eth_blockNumber', 'eth_chainId'], notifications: [] },
  },
}

test.describe('connected sites in the popup', () => {
  test('the list shows each site with its chains, accounts, permissions, creation and expiry', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const expiry = new Date(Date.now() + 3_600_000).toISOString()
    await connect(dappPage, {
      optionalScopes: { [devnet]: twoChainRequest.optionalScopes[devnet] },
      sessionProperties: { expiry },
    })
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    const row = connectionRow(popup, originOf(dappPage))
    await expect(row.getByRole('heading', { name: originOf(dappPage) })).toBeVisible()
    await expect(row.getByTestId(`connection-chain-${devnet}`)).toBeChecked()
    await expect(row.getByTestId(`connection-account-${firstAccount.toLowerCase()}`)).toBeChecked()
    await expect(row).toContainText('Local devnet')
    await expect(row).toContainText('Connected')
    await expect(row.getByTestId('connection-expiry')).toContainText(
      String(new Date(expiry).getFullYear()),
    )
    await row.getByTestId('connection-permissions').locator('summary').click()
    await expect(row.getByTestId('connection-permissions')).toContainText('eth_getLogs')
    await expect(row.getByTestId('connection-permissions')).toContainText(
      'Notifications: eth_subscription',
    )
    await saveScreen(popup, 'connections-list')
    await saveFullScreen(popup, 'connections-list-full')
    await popup.close()
  })

  test('editing the chains tells every tab of the site the full new scopes; a removed chain answers 4100', async ({
    wallet,
    dappPage,
    openDapp,
    connect,
  }) => {
    await writeSettings(wallet.popup, { infuraApiKey: 'qa-infura-key' })
    try {
      const otherTab = await openDapp()
      const created = await connect(dappPage, twoChainRequest)
      expect(Object.keys(created.sessionScopes).sort()).toEqual([devnet, mainnet].sort())

      const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
      await showConnections(popup)
      const row = connectionRow(popup, originOf(dappPage))
      await row.getByTestId(`connection-chain-${mainnet}`).uncheck()
      await row.getByTestId('connection-save').click()
      await expect(row.getByTestId('connection-saved')).toBeVisible()

      const { [mainnet]: _removed, ...withoutMainnet } = created.sessionScopes
      for (const tab of [dappPage, otherTab]) {
        await expect
          .poll(() => sessionChanges(tab))
          .toEqual([created.sessionScopes, withoutMainnet])
      }
      expect(await request(otherTab, 'wallet_getSession', {})).toEqual({
        result: { sessionScopes: withoutMainnet, sessionProperties: {} },
      })
      expect(await invoke(dappPage, mainnet, 'eth_chainId', [])).toEqual({ error: unauthorized })
      expect(await invoke(otherTab, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })

      // Adding it back grants exactly what the site asked for there, never more.
      await connectionRow(popup, originOf(dappPage))
        .getByTestId(`connection-chain-${mainnet}`)
        .check()
      await connectionRow(popup, originOf(dappPage)).getByTestId('connection-save').click()
      for (const tab of [dappPage, otherTab]) {
        await expect
          .poll(() => sessionChanges(tab))
          .toEqual([created.sessionScopes, withoutMainnet, created.sessionScopes])
      }
      await popup.close()
    } finally {
      await writeSettings(wallet.popup, { infuraApiKey: '' })
    }
  })

  test('unchecking the last account disconnects the site', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const created = await connect(dappPage)
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    const row = connectionRow(popup, originOf(dappPage))
    const accounts = row.locator('[data-testid^="connection-account-"]')
    // `all()` does not wait: the screen first renders its rows.
    await expect(accounts.first()).toBeChecked()
    for (const box of await accounts.all()) await box.uncheck()
    await expect(row.getByRole('status')).toContainText('saving disconnects the site')
    await row.getByTestId('connection-save').click()
    await expect(row).toBeHidden()
    await expect.poll(() => sessionChanges(dappPage)).toEqual([created.sessionScopes, {}])
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({ result: noSession })
    await popup.close()
  })

  test('disconnecting tells the site { sessionScopes: {} }, ends its subscriptions, and calls answer 4100', async ({
    wallet,
    dappPage,
    openDapp,
    connect,
  }) => {
    const otherTab = await openDapp()
    const created = await connect(dappPage)
    const subscribed = await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])
    expect(subscribed.result).toMatch(/^0x[0-9a-f]{32}$/)

    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    await connectionRow(popup, originOf(dappPage)).getByTestId('connection-revoke').click()
    await expect(connectionRow(popup, originOf(dappPage))).toBeHidden()

    for (const tab of [dappPage, otherTab]) {
      await expect.poll(() => sessionChanges(tab)).toEqual([created.sessionScopes, {}])
    }
    expect(await invoke(dappPage, devnet, 'eth_blockNumber', [])).toEqual({ error: unauthorized })
    expect(await invoke(dappPage, devnet, 'eth_unsubscribe', [subscribed.result])).toEqual({
      error: unauthorized,
    })
    expect(await request(otherTab, 'wallet_getSession', {})).toEqual({ result: noSession })
    await popup.close()
  })

  test('the activity of a site lists its calls, newest first, with the error codes it got', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, {
      optionalScopes: {
        [devnet]: { methods: ['eth_blockNumber', 'eth_chainId', 'eth_getLogs'], notifications: [] },
      },
    })
    expect((await invoke(dappPage, devnet, 'eth_blockNumber', [])).result).toMatch(/^0x/)
    expect(await invoke(dappPage, devnet, 'eth_gasPrice', [])).toEqual({ error: unauthorized })
    expect(await invoke(dappPage, mainnet, 'eth_chainId', [])).toEqual({ error: unauthorized })
    const refused = await invoke(dappPage, devnet, 'eth_getLogs', [
      { blockHash: `0x${'0'.repeat(64)}`, fromBlock: '0x0' },
    ])
    expect(refused.error?.code).toBe(-32602)
    expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })

    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    const row = connectionRow(popup, originOf(dappPage))
    const activity = row.getByTestId('connection-activity')
    await activity.locator('summary').click()
    const entries = activity.getByTestId('activity-entry')
    await expect(entries).toHaveCount(5)
    const seen = await entries.evaluateAll((items) =>
      items.map((item) => ({
        chain: item.getAttribute('data-chain'),
        method: item.getAttribute('data-method'),
        outcome: item.getAttribute('data-outcome'),
      })),
    )
    expect(seen).toEqual([
      { chain: devnet, method: 'eth_chainId', outcome: 'ok' },
      { chain: devnet, method: 'eth_getLogs', outcome: '-32602' },
      { chain: mainnet, method: 'eth_chainId', outcome: '4100' },
      { chain: devnet, method: 'eth_gasPrice', outcome: '4100' },
      { chain: devnet, method: 'eth_blockNumber', outcome: 'ok' },
    ])
    await expect(activity.locator('summary')).toHaveText('Activity · 5 calls, 3 failed')
    await expect(entries.first()).toContainText('ok')
    await expect(entries.nth(1)).toContainText('error -32602')
    await saveFullScreen(popup, 'connection-activity')
    await popup.close()
  })
})

test.describe('session expiry', () => {
  test('a 30-second expiry ends the session: the site is told, calls answer 4100, the list forgets it', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    // Long enough for the approval (its Connect is armed after 500 ms) and the popup to show the
    // row before the session ends, on a loaded machine too: 2 s was not, nor was 8 s at load 16.
    const lifetimeMs = 30_000
    const expiry = new Date(Date.now() + lifetimeMs).toISOString()
    const created = await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_chainId'], notifications: [] } },
      sessionProperties: { expiry },
    })
    expect(created.sessionProperties).toEqual({ expiry })
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    await expect(
      connectionRow(popup, originOf(dappPage)).getByTestId('connection-expiry'),
    ).toBeVisible()

    await expect
      .poll(() => sessionChanges(dappPage), { timeout: lifetimeMs + 15_000 })
      .toEqual([created.sessionScopes, {}])
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiry))
    expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ error: unauthorized })
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({ result: noSession })
    await expect(connectionRow(popup, originOf(dappPage))).toBeHidden()
    await popup.close()
  })

  test('an expiry still ends the session when the service worker was stopped meanwhile', async ({
    dappPage,
    connect,
    serviceWorker,
  }) => {
    const expiry = new Date(Date.now() + 3000).toISOString()
    const created = await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_chainId'], notifications: [] } },
      sessionProperties: { expiry },
    })
    await serviceWorker.stop()
    expect(serviceWorker.stops).toBe(1)

    await expect.poll(() => sessionChanges(dappPage)).toEqual([created.sessionScopes, {}])
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiry))
    expect(await invoke(dappPage, devnet, 'eth_chainId', [])).toEqual({ error: unauthorized })
  })
})
