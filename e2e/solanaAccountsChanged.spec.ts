import { devnet, expect, test } from './fixtures.ts'
import { firstAccount, secondAccount } from './support/anvil.ts'
import {
  connectionRow,
  openWalletPopup,
  originOf,
  showConnections,
} from './support/popupScreens.ts'
import { notifications, resultOf, type SessionResult } from './support/provider.ts'
import { addAccount } from './support/walletUi.ts'

// DESIGN §8 "Account changes", through window.aperture: a session created with
// `sessionProperties.solana_accountChanged_notifications: true` hears
// `wallet_notify { scope, notification: { method: 'metamask_accountsChanged', params } }`.

const localSolana = 'solana:123456789abcdef'
/** The test mnemonic's Solana addresses of wallet accounts 0 and 1 (`m/44'/501'/i'/0'`). */
const firstSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const secondSolana = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

const accountsChanged = (params: string[]) => ({
  scope: localSolana,
  notification: { method: 'metamask_accountsChanged', params },
})

test.describe('metamask_accountsChanged on window.aperture', () => {
  test('a session asking for it hears its active Solana account at creation, after a popup edit, and [] on revoke; one not asking hears nothing', async ({
    wallet,
    dappPage,
    openDapp,
    otherDapp,
    connect,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    // The wallet's second account (another spec of this worker may have added it already).
    if ((await popup.getByTestId(`home-account-${secondAccount.toLowerCase()}`).count()) === 0) {
      await addAccount(popup, secondAccount)
    }
    const scopes = {
      [devnet]: { methods: ['eth_chainId'], notifications: [] },
      [localSolana]: { methods: ['signMessage'], notifications: [] },
    }
    const both = { accounts: [firstAccount, secondAccount] }
    const created = await connect(
      dappPage,
      {
        optionalScopes: scopes,
        sessionProperties: { solana_accountChanged_notifications: true },
      },
      both,
    )
    expect(created.sessionProperties).toEqual({ solana_accountChanged_notifications: true })
    expect(created.sessionScopes[localSolana]?.accounts).toEqual([
      `${localSolana}:${firstSolana}`,
      `${localSolana}:${secondSolana}`,
    ])
    const heard = async () =>
      (await notifications(dappPage, 'wallet_notify')).map((event) => event.params)
    await expect.poll(heard).toEqual([accountsChanged([firstSolana])])

    // Another origin whose session did not ask hears nothing of its own changes.
    const quiet = await openDapp(otherDapp)
    await connect(quiet, { optionalScopes: scopes }, both)

    await showConnections(popup)
    const solanaAccounts = async (page: typeof dappPage) =>
      (await resultOf<SessionResult>(page, 'wallet_getSession', {})).sessionScopes[localSolana]
        ?.accounts
    for (const page of [dappPage, quiet]) {
      const row = connectionRow(popup, originOf(page))
      await row.getByTestId(`connection-account-${firstAccount.toLowerCase()}`).setChecked(false)
      await row.getByTestId('connection-save').click()
      await expect.poll(() => solanaAccounts(page)).toEqual([`${localSolana}:${secondSolana}`])
    }
    await expect
      .poll(heard)
      .toEqual([accountsChanged([firstSolana]), accountsChanged([secondSolana])])

    await connectionRow(popup, originOf(dappPage)).getByTestId('connection-revoke').click()
    await expect
      .poll(heard)
      .toEqual([
        accountsChanged([firstSolana]),
        accountsChanged([secondSolana]),
        accountsChanged([]),
      ])
    expect(await notifications(quiet, 'wallet_notify')).toEqual([])
    await popup.close()
  })
})
