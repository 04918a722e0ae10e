import { type Hex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { localKeys } from '../src/core/protocol/storageKeys.ts'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { accountsChanges, recordProviderEvents } from './support/ethereumDapps.ts'
import {
  importKey,
  openAccountScreen,
  openWalletPopup,
  renameAccount,
  submitImportedKey,
} from './support/popupScreens.ts'
import { invoke, notifications, request, type SessionResult } from './support/provider.ts'
import { approve } from './support/walletUi.ts'

/** anvil's first account's private key: the fixture wallet's first derived account. */
const anvilFirstKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** A session on the devnet that may sign messages. */
const signingRequest = {
  optionalScopes: {
    [devnet]: { methods: ['personal_sign', 'eth_accounts'], notifications: [] },
  },
}

test.describe('accounts: names', () => {
  test('a renamed account carries its name into the approval window, and the page never sees it', async ({
    wallet,
    dappPage,
    approvalWindow,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      await renameAccount(popup, firstAccount, 'Cold storage')
      await expect(popup.getByTestId(`account-open-${firstAccount.toLowerCase()}`)).toContainText(
        'Cold storage',
      )
      const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
        optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
      })
      const approval = await approvalWindow()
      const row = approval
        .getByTestId(`approval-account-${firstAccount.toLowerCase()}`)
        .locator('..')
      await expect(row).toContainText('Cold storage')
      await approve(approval)
      const outcome = await pending
      expect(JSON.stringify(outcome)).not.toContain('Cold storage')
      expect(await dappPage.content()).not.toContain('Cold storage')
    } finally {
      // The wallet is shared by the worker's later tests: they expect the default names.
      await popup.evaluate((key) => chrome.storage.local.remove(key), localKeys.accountNames)
      await popup.close()
    }
  })
})

test.describe('accounts: import by private key', () => {
  test('malformed, zero and duplicate keys are refused, each with its reason', async ({
    wallet,
  }) => {
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    const refusal = popup.getByTestId('import-key-error')
    await submitImportedKey(popup, '0x1234')
    await expect(refusal).toContainText('64 hex digits')
    await submitImportedKey(popup, `0x${'0'.repeat(64)}`)
    await expect(refusal).toContainText('zero key')
    await submitImportedKey(popup, anvilFirstKey)
    await expect(refusal).toContainText('already in the wallet')
    await submitImportedKey(popup, '[1, 2, 3]')
    await expect(refusal).toContainText('64 numbers')
    await popup.close()
  })

  test('an imported EVM key signs a personal_sign that verifies, and once removed leaves the session', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const key = generatePrivateKey()
    const imported = privateKeyToAddress(key)
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await importKey(popup, key.slice(2), imported.toLowerCase())
    await expect(popup.getByTestId(`account-open-${imported.toLowerCase()}`)).toContainText(
      'Imported',
    )
    await recordProviderEvents(dappPage)
    await connect(dappPage, signingRequest, { accounts: [firstAccount, imported] })
    const text = 'Signed by an imported key'
    const pending = invoke<Hex>(dappPage, devnet, 'personal_sign', [toHex(text), imported])
    const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(confirmation.getByTestId('confirm-account')).toContainText(imported)
    await answerConfirmation(confirmation, 'approve')
    const signature = (await pending).result ?? '0x'
    expect(await verifyMessage({ address: imported, message: text, signature })).toBe(true)

    await openAccountScreen(popup, imported.toLowerCase())
    await popup.getByTestId('account-remove').click()
    await expect(popup.getByTestId(`account-open-${imported.toLowerCase()}`)).toBeHidden()
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toContainEqual({
        name: 'wallet_sessionChanged',
        params: {
          sessionScopes: {
            [devnet]: expect.objectContaining({ accounts: [`${devnet}:${firstAccount}`] }),
          },
        },
      })
    await expect.poll(() => accountsChanges(dappPage)).toContainEqual([firstAccount.toLowerCase()])
    expect(
      (await invoke(dappPage, devnet, 'personal_sign', [toHex(text), imported])).error,
    ).toMatchObject({
      code: 4100,
    })
    await popup.close()
  })
})
