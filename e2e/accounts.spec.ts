import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ed25519 } from '@noble/curves/ed25519.js'
import type { BrowserContext, Page } from '@playwright/test'
import { type Hex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { localKeys } from '../src/core/protocol/storageKeys.ts'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { accountsChanges, ethereumAccounts, recordProviderEvents } from './support/ethereumDapps.ts'
import { launchWallet, workerConsoleOf } from './support/launchWallet.ts'
import {
  importKey,
  openAccountScreen,
  openWalletPopup,
  renameAccount,
  showSettings,
  submitImportedKey,
} from './support/popupScreens.ts'
import { invoke, notifications, request, type SessionResult } from './support/provider.ts'
import {
  answerAndClose,
  balanceOf,
  base58,
  changesOf,
  dappCall,
  evmAndSolanaRequest,
  firstSolanaAddress,
  localSolana,
  statusOf,
  surfpool,
  solanaTest as test_,
  type ViewedAccount,
} from './support/solanaDapp.ts'
import {
  approve,
  configureLocalDevnet,
  onboard,
  openPopup,
  testMnemonic,
  testPassword,
  unlock,
} from './support/walletUi.ts'

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

test_.describe('accounts: import a Solana key', () => {
  test_(
    'an imported Solana key joins only Solana scopes, and its SOL transfer confirms on Surfpool',
    async ({ wallet, solanaPage, approvalWindow, solana }) => {
      const seed = ed25519.utils.randomSecretKey()
      const publicKey = ed25519.getPublicKey(seed)
      const imported = base58.decode(publicKey)
      const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
      // Phantom's export: the 64-byte keypair (seed ‖ public key) in base58.
      await importKey(popup, base58.decode(Uint8Array.from([...seed, ...publicKey])), imported)
      await expect(popup.getByTestId(`account-open-${imported}`)).toContainText('Imported')
      await surfpool(solana, 'requestAirdrop', [imported, 2_000_000_000])
      await expect.poll(() => balanceOf(solana, imported)).toBeGreaterThan(0)

      // Granted with a derived account for both namespaces, it is in the Solana scope only.
      const pending = request<SessionResult>(
        solanaPage,
        'wallet_createSession',
        evmAndSolanaRequest,
      )
      await approve(await approvalWindow(), { accounts: [firstAccount, imported] })
      const granted = (await pending).result?.sessionScopes ?? {}
      expect(granted['eip155:31337']?.accounts).toEqual([`eip155:31337:${firstAccount}`])
      expect(granted[localSolana]?.accounts).toEqual([
        `${localSolana}:${firstSolanaAddress}`,
        `${localSolana}:${imported}`,
      ])
      expect(await ethereumAccounts(solanaPage)).toEqual([firstAccount.toLowerCase()])
      await request(solanaPage, 'wallet_revokeSession', {})

      // Connected alone through the Wallet Standard, it signs a transfer the node confirms.
      const connecting = dappCall<ViewedAccount[]>(solanaPage, 'connect')
      await approve(await approvalWindow(), { accounts: [imported] })
      expect((await connecting).value?.map(({ address }) => address)).toEqual([imported])
      const recipient = base58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
      const before = await balanceOf(solana, imported)
      const amount = 23_456_789
      const sending = dappCall<{ signature: string }>(
        solanaPage,
        'signAndSendTransfer',
        solana.httpUrl,
        recipient,
        amount,
      )
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-solana-fee-payer')).toContainText(imported)
      await answerAndClose(confirmation, 'approve')
      const signature = (await sending).value?.signature ?? ''
      await expect
        .poll(async () => (await statusOf(solana, signature))?.confirmationStatus)
        .toMatch(/confirmed|finalized/)
      expect(await balanceOf(solana, recipient)).toBe(amount)
      const spent = before - (await balanceOf(solana, imported))
      expect(spent).toBeGreaterThan(amount)
      expect(spent).toBeLessThan(amount + 100_000)
      expect(await ethereumAccounts(solanaPage)).toEqual([])

      // Removed, it leaves the session: the Wallet Standard's accounts change to none.
      await openAccountScreen(popup, imported)
      await popup.getByTestId('account-remove').click()
      await expect(popup.getByTestId(`account-open-${imported}`)).toBeHidden()
      await expect.poll(() => changesOf(solanaPage)).toContainEqual({ accounts: [] })
      await popup.close()
    },
  )
})

/** The worker's record of wrong passwords typed in a row (`storage.local`), read in the worker. */
const passwordAttemptsInWorker = async (
  context: BrowserContext,
): Promise<{ failures: number; lastFailureAt: number } | undefined> => {
  const worker = context.serviceWorkers().at(-1)
  if (!worker) throw new Error('no service worker')
  return worker.evaluate(async () => {
    const { passwordAttempts } = await chrome.storage.local.get('passwordAttempts')
    return passwordAttempts as { failures: number; lastFailureAt: number } | undefined
  })
}

/** Types the password again (`account-password`) and submits it. */
async function submitPassword(popup: Page, password: string): Promise<void> {
  await popup.getByTestId('account-password').fill(password)
  await popup.getByTestId('account-password-submit').click()
}

/** Fills Settings' change-password form (open) and submits it. */
async function changePassword(
  popup: Page,
  current: string,
  next: string,
  confirmation: string,
): Promise<void> {
  await popup.getByTestId('password-current').fill(current)
  await popup.getByTestId('password-new').fill(next)
  await popup.getByTestId('password-new-confirm').fill(confirmation)
  await popup.getByTestId('password-change-submit').click()
}

/** Everything the extension keeps in `chrome.storage` (local and session), as one text. */
const storedText = (extensionPage: Page): Promise<string> =>
  extensionPage.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  )

test.describe('accounts: secrets shown only with the password', () => {
  test('export and reveal are refused without or with a wrong password, shown with it, and leak nowhere', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage)
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await openAccountScreen(popup, firstAccount.toLowerCase())
    await popup.getByTestId('account-export-key').click()
    await popup.getByTestId('account-password-submit').click()
    await expect(popup.getByTestId('account-password-error')).toHaveText('Incorrect password')
    await submitPassword(popup, 'not the password')
    await expect(popup.getByTestId('account-password-error')).toHaveText('Incorrect password')
    await expect(popup.getByTestId('account-private-key')).toBeHidden()
    await submitPassword(popup, testPassword)
    await expect(popup.getByTestId('account-private-key')).toHaveText(anvilFirstKey)
    await popup.getByTestId('nav-home').click()
    await openAccountScreen(popup, firstAccount.toLowerCase())
    await expect(popup.getByTestId('account-private-key')).toBeHidden()
    await popup.getByTestId('nav-home').click()

    await showSettings(popup)
    await popup.getByTestId('settings-reveal-phrase').click()
    await submitPassword(popup, 'not the password')
    await expect(popup.getByTestId('account-password-error')).toHaveText('Incorrect password')
    await expect(popup.getByTestId('reveal-words')).toBeHidden()
    await submitPassword(popup, testPassword)
    await expect(popup.getByTestId('reveal-words')).toHaveText(testMnemonic.split(' ').join(''))

    const secrets = [anvilFirstKey.slice(2), testMnemonic]
    const places = {
      storage: await storedText(popup),
      workerConsole: workerConsoleOf(wallet.context).join('\n'),
      page: `${await dappPage.content()}${JSON.stringify(await notifications(dappPage))}`,
    }
    for (const [place, text] of Object.entries(places)) {
      for (const secret of secrets)
        expect(text.includes(secret), `${place} holds a secret`).toBe(false)
    }
    await popup.close()
  })

  test('a shown secret is copied only past a warning, not by selection, and the clipboard is cleared 60 s later by the worker, the popup closed and the worker stopped', async ({
    wallet,
    serviceWorker,
  }) => {
    await wallet.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    const clipboardOf = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
    await popup.evaluate(() => navigator.clipboard.writeText('before'))

    await showSettings(popup)
    await popup.getByTestId('settings-reveal-phrase').click()
    await submitPassword(popup, testPassword)
    const words = popup.getByTestId('reveal-words')
    await expect(words).toHaveText(testMnemonic.split(' ').join(''))
    // Selection-copy: the words are selected as a script would (a user cannot select them) and copied.
    await words.evaluate((list) => {
      const range = document.createRange()
      range.selectNodeContents(list)
      document.getSelection()?.removeAllRanges()
      document.getSelection()?.addRange(range)
      document.execCommand('copy')
    })
    expect(await clipboardOf(popup)).not.toContain(testMnemonic.split(' ')[0])

    await popup.getByTestId('reveal-words-copy').click()
    await expect(popup.getByTestId('copy-secret-warning')).toBeVisible()
    expect(await clipboardOf(popup)).not.toContain(testMnemonic.split(' ')[0])
    await popup.getByTestId('copy-secret-cancel').click()
    await expect(popup.getByTestId('copy-secret-warning')).toBeHidden()
    await popup.getByTestId('reveal-words-copy').click()
    const copiedAt = Date.now()
    await popup.getByTestId('copy-secret-confirm').click()
    await expect(popup.getByTestId('copy-secret-copied')).toBeVisible()
    expect(await clipboardOf(popup)).toBe(testMnemonic)

    await popup.getByTestId('nav-home').click()
    await openAccountScreen(popup, firstAccount.toLowerCase())
    await popup.getByTestId('account-export-key').click()
    await submitPassword(popup, testPassword)
    await popup.getByTestId('account-private-key-copy').click()
    await expect(popup.getByTestId('copy-secret-warning')).toBeVisible()
    expect(await clipboardOf(popup)).toBe(testMnemonic)
    await popup.getByTestId('copy-secret-confirm').click()
    await expect(popup.getByTestId('copy-secret-copied')).toBeVisible()
    expect(await clipboardOf(popup)).toBe(anvilFirstKey)
    // The worker was told when to clear, never what was copied.
    expect(await storedText(popup)).not.toContain(anvilFirstKey.slice(2))
    expect(workerConsoleOf(wallet.context).join('\n')).not.toContain(anvilFirstKey.slice(2))

    // The clear is the worker's alarm, 60 s after the last copy. With the popup closed and the
    // worker stopped (its in-memory timers gone), the test brings the alarm forward to now from
    // another extension page; the new worker clears the clipboard when it fires.
    const alarm = await popup.evaluate(() => chrome.alarms.get('secret-clipboard'))
    expect(alarm?.scheduledTime).toBeGreaterThanOrEqual(copiedAt + 60_000)
    expect(alarm?.scheduledTime).toBeLessThan(Date.now() + 60_000 + 1_000)
    await popup.close()
    await serviceWorker.stop()
    const reader = await openWalletPopup(wallet.context, wallet.popupUrl)
    expect(await clipboardOf(reader)).toBe(anvilFirstKey)
    await reader.evaluate(() =>
      chrome.alarms.create('secret-clipboard', { when: Date.now() + 500 }),
    )
    await expect.poll(() => clipboardOf(reader), { timeout: 15_000 }).toBe('')
    await reader.close()
    await wallet.context.clearPermissions()
  })

  test('wrong passwords slow down after 5 in a row, across a popup reload and a worker stop', async ({
    wallet,
    serviceWorker,
  }) => {
    test.setTimeout(120_000)
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await popup.getByTestId('lock').click()
    const tryUnlock = async (password: string) => {
      await popup.getByTestId('unlock-password').fill(password)
      await popup.getByTestId('unlock-submit').click()
      await expect(popup.getByTestId('unlock-submit')).toHaveText('Unlock')
    }
    const refusal = popup.getByRole('alert')
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await tryUnlock('not the password')
      await expect(refusal).toHaveText('Incorrect password')
      await expect
        .poll(async () => (await passwordAttemptsInWorker(wallet.context))?.failures)
        .toBe(attempt)
    }
    await tryUnlock(testPassword)
    await expect(refusal).toHaveText(/^Too many wrong passwords\. Try again in [1-5] seconds?\.$/)
    const fifth = await passwordAttemptsInWorker(wallet.context)
    expect(fifth?.failures).toBe(5)
    await expect
      .poll(() => Date.now(), { timeout: 10_000 })
      .toBeGreaterThan((fifth?.lastFailureAt ?? 0) + 5_000)
    await tryUnlock('not the password')
    await expect(refusal).toHaveText('Incorrect password')
    const sixth = await passwordAttemptsInWorker(wallet.context)
    expect(sixth?.failures).toBe(6)

    await popup.reload()
    await tryUnlock(testPassword)
    await expect(refusal).toHaveText(
      /^Too many wrong passwords\. Try again in ([1-9]|10) seconds?\.$/,
    )
    await serviceWorker.stop()
    await tryUnlock(testPassword)
    await expect(refusal).toHaveText(
      /^Too many wrong passwords\. Try again in ([1-9]|10) seconds?\.$/,
    )
    expect(await passwordAttemptsInWorker(wallet.context)).toEqual(sixth)

    await expect
      .poll(() => Date.now(), { timeout: 15_000 })
      .toBeGreaterThan((sixth?.lastFailureAt ?? 0) + 10_000)
    await unlock(popup, testPassword)
    await expect(popup.getByTestId('nav-connections')).toBeVisible()
    expect(await passwordAttemptsInWorker(wallet.context)).toBeUndefined()
    await popup.close()
  })
})

test('the new recovery phrase at onboarding has no copy button and cannot be copied by selection', async () => {
  const wallet = await launchWallet()
  try {
    await wallet.context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const popup = await openPopup(wallet.context, wallet.popupUrl)
    await popup.getByTestId('onboarding-create').click()
    const words = popup.getByTestId('mnemonic-words')
    await expect(words.locator('li')).toHaveCount(12)
    const first = (await words.locator('li').first().textContent()) ?? ''
    await expect(popup.getByRole('button', { name: /copy/i })).toHaveCount(0)
    await popup.evaluate(() => navigator.clipboard.writeText('before'))
    await words.evaluate((list) => {
      const range = document.createRange()
      range.selectNodeContents(list)
      document.getSelection()?.removeAllRanges()
      document.getSelection()?.addRange(range)
      document.execCommand('copy')
    })
    expect(first).not.toBe('')
    expect(await popup.evaluate(() => navigator.clipboard.readText())).not.toContain(first)
  } finally {
    await wallet.context.close()
  }
})

test('a changed password unlocks, also after a browser restart; the old one no longer does', async ({
  endpoint,
}) => {
  test.setTimeout(150_000)
  const newPassword = 'a different long passphrase'
  const profile = await mkdtemp(join(tmpdir(), 'aperture-password-'))
  try {
    const first = await launchWallet({ userDataDir: profile })
    try {
      const popup = await onboard(first.context, first.popupUrl)
      await configureLocalDevnet(popup, endpoint)
      await showSettings(popup)
      await popup.getByTestId('settings-change-password').click()
      await changePassword(popup, testPassword, newPassword, `${newPassword}!`)
      await expect(popup.getByTestId('password-error')).toHaveText('The passwords do not match')
      await changePassword(popup, testPassword, '12345678', '12345678')
      await expect(popup.getByTestId('password-error')).toContainText('heavily used')
      await changePassword(popup, 'not the password', newPassword, newPassword)
      await expect(popup.getByTestId('password-error')).toHaveText('Incorrect password')
      await changePassword(popup, testPassword, newPassword, newPassword)
      await expect(popup.getByTestId('password-changed')).toBeVisible({ timeout: 30_000 })
    } finally {
      await first.context.close()
    }
    const second = await launchWallet({ userDataDir: profile })
    try {
      const popup = await openPopup(second.context, second.popupUrl)
      await popup.getByTestId('unlock-password').fill(testPassword)
      await popup.getByTestId('unlock-submit').click()
      await expect(popup.getByRole('alert')).toHaveText('Incorrect password')
      await unlock(popup, newPassword)
      await expect(popup.getByTestId(`account-open-${firstAccount.toLowerCase()}`)).toBeVisible()
    } finally {
      await second.context.close()
    }
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
})
