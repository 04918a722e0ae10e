import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { openWalletPopup, renameAccount } from './support/popupScreens.ts'
import { request, type SessionResult } from './support/provider.ts'
import { approve } from './support/walletUi.ts'

test.describe('accounts: names', () => {
  test('a renamed account carries its name into the approval window, and the page never sees it', async ({
    wallet,
    dappPage,
    approvalWindow,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await renameAccount(popup, firstAccount, 'Cold storage')
    await expect(popup.getByTestId(`account-open-${firstAccount.toLowerCase()}`)).toContainText(
      'Cold storage',
    )
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    const approval = await approvalWindow()
    const row = approval.getByTestId(`approval-account-${firstAccount.toLowerCase()}`).locator('..')
    await expect(row).toContainText('Cold storage')
    await approve(approval)
    const outcome = await pending
    expect(JSON.stringify(outcome)).not.toContain('Cold storage')
    expect(await dappPage.content()).not.toContain('Cold storage')
    await popup.close()
  })
})
