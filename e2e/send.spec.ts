import type { Page } from '@playwright/test'
import { address, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { formatEther, getAddress, parseEther, parseGwei } from 'viem'
import type { SendDraft } from '../src/core/wallet/send/sendDraft.ts'
import { devnet, expect } from './fixtures.ts'
import { anvilRpc, ethBalanceOf, firstAccount, secondAccount } from './support/anvil.ts'
import {
  approveAfterWorkerStop,
  confirmationWindow,
  waitForConfirmation,
} from './support/confirmations.ts'
import { decodeQr, fillSend, openSend, reviewSend } from './support/sendScreen.ts'
import {
  answerAndClose,
  balanceOf,
  firstSolanaAddress,
  localSolana,
  surfpool,
  solanaTest as test,
} from './support/solanaDapp.ts'
import { createTokenAccounts, tokenAmountOf } from './support/solanaToken.ts'
import { deployTestToken, tokenBalance } from './support/testToken.ts'
import { saveScreen } from './support/walletUi.ts'

const third = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** The owner's sends the worker keeps while they run (`ownRequest:` in `storage.session`). */
const keptOwnSends = (
  extensionPage: Page,
): Promise<Array<{ requestId: string; draft: SendDraft }>> =>
  extensionPage.evaluate(async () =>
    Object.entries(await chrome.storage.session.get(null))
      .filter(([key]) => key.startsWith('ownRequest:'))
      .map(([, kept]) => (kept as { params: { requestId: string; draft: SendDraft } }).params),
  )

/** The worker's answer to `send:status`, asked from an extension page as the popup asks it. */
const askSendStatus = (
  extensionPage: Page,
  params: { requestId: string; draft: SendDraft },
): Promise<unknown> =>
  extensionPage.evaluate(
    (asked) => chrome.runtime.sendMessage({ type: 'send:status', params: asked }),
    params,
  )

type NodeTransaction = {
  from: string
  to: string
  maxFeePerGas: string
  maxPriorityFeePerGas: string
}

test.describe('send (DESIGN §9)', () => {
  test.beforeEach(async ({ wallet }) => {
    await wallet.popup.reload()
    await expect(wallet.popup.getByTestId('home-send')).toBeVisible()
  })

  test('sends ETH through the confirmation a dapp gets (origin Aperture, preview, fee); the node has it once', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    const before = await ethBalanceOf(anvilUrl, third)
    await openSend(popup)
    await expect(popup.getByTestId('send-network')).toHaveValue(devnet)
    await expect(popup.getByTestId('send-from')).toHaveValue(firstAccount)
    // An all-lowercase address carries no checksum: accepted, and sent to as EIP-55.
    await fillSend(popup, { to: third.toLowerCase(), amount: '0.25' })
    await expect(popup.getByTestId('send-to-error')).toHaveCount(0)
    await saveScreen(popup, 'send-eth')
    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    await expect(window.getByTestId('confirm-tx-to')).toContainText(third)
    await expect(window.getByTestId('confirm-simulation')).toContainText('0.25')
    await expect(window.getByTestId('confirm-tx-fee')).toBeVisible()
    await answerAndClose(window, 'approve', 'send-eth-confirmation')
    await expect(popup.getByTestId('send-sent')).toContainText(/0x[0-9a-f]{64}/)
    const hash = (await popup.getByTestId('send-sent').locator('code').textContent()) ?? ''
    const transaction = await anvilRpc<NodeTransaction>(anvilUrl, 'eth_getTransactionByHash', [
      hash,
    ])
    expect(transaction.to.toLowerCase()).toBe(third.toLowerCase())
    expect(await ethBalanceOf(anvilUrl, third)).toBe(before + parseEther('0.25'))
  })

  test('sends an ERC-20 typed in by address (symbol and decimals from the chain) with a custom fee', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    const token = await deployTestToken(anvilUrl, parseEther('1000'))
    await openSend(popup)
    await popup.getByTestId('send-token-address').fill(token.toLowerCase())
    await popup.getByTestId('send-token-add').click()
    await expect(popup.getByTestId('send-asset')).toHaveValue(getAddress(token))
    await expect(popup.getByTestId('send-balance')).toHaveText('Balance 1000 TST')
    await fillSend(popup, { to: secondAccount, amount: '12.5' })
    await popup.getByTestId('send-fee').selectOption('custom')
    await popup.getByTestId('send-fee-max-gwei').fill('5')
    await popup.getByTestId('send-fee-priority-gwei').fill('2')
    await expect(popup.getByTestId('send-review')).toBeEnabled()
    await saveScreen(popup, 'send-erc20')
    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    await expect(window.getByTestId('confirm-simulation')).toContainText('12.5')
    await answerAndClose(window, 'approve')
    await expect(popup.getByTestId('send-sent')).toBeVisible()
    const hash = (await popup.getByTestId('send-sent').locator('code').textContent()) ?? ''
    const transaction = await anvilRpc<NodeTransaction>(anvilUrl, 'eth_getTransactionByHash', [
      hash,
    ])
    expect(transaction.to.toLowerCase()).toBe(token.toLowerCase())
    expect(BigInt(transaction.maxFeePerGas)).toBe(parseGwei('5'))
    expect(BigInt(transaction.maxPriorityFeePerGas)).toBe(parseGwei('2'))
    const receipt = await anvilRpc<{ status: string }>(anvilUrl, 'eth_getTransactionReceipt', [
      hash,
    ])
    expect(receipt.status).toBe('0x1')
    expect(await tokenBalance(anvilUrl, token, secondAccount)).toBe(parseEther('12.5'))
    expect(await tokenBalance(anvilUrl, token, firstAccount)).toBe(parseEther('987.5'))
  })

  test('refuses as the user types: a bad checksum, not an address, more than the balance; warns of the token contract', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    await openSend(popup)
    const toError = popup.getByTestId('send-to-error')
    const review = popup.getByTestId('send-review')
    await popup.getByTestId('send-amount').fill('0.1')
    // Mixed case with one letter's case changed: the EIP-55 checksum does not match.
    await popup.getByTestId('send-to').fill(`${third.slice(0, -1)}c`)
    await expect(toError).toContainText('checksum')
    await expect(review).toBeDisabled()
    await popup.getByTestId('send-to').fill('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293')
    await expect(toError).toContainText('Not an address')
    await popup.getByTestId('send-to').fill(third.toUpperCase().replace('0X', '0x'))
    await expect(toError).toHaveCount(0)
    // The user's own accounts are offered by name.
    await popup.getByTestId(`send-to-own-${firstAccount.toLowerCase()}`).click()
    await expect(popup.getByTestId('send-to')).toHaveValue(firstAccount)
    await expect(popup.getByTestId('send-to-name')).toHaveText('Your Account 1')
    const balance = await ethBalanceOf(anvilUrl, firstAccount)
    await popup.getByTestId('send-amount').fill(formatEther(balance + 1n))
    await expect(popup.getByTestId('send-error')).toContainText('More than the balance')
    await expect(review).toBeDisabled()
    await popup.getByTestId('send-amount').fill(formatEther(balance))
    await expect(popup.getByTestId('send-error')).toContainText('maximum fee')
    await saveScreen(popup, 'send-errors')
    // A token sent to the token's own contract is warned, not refused.
    const token = await deployTestToken(anvilUrl, parseEther('10'))
    await popup.getByTestId('send-token-address').fill(token)
    await popup.getByTestId('send-token-add').click()
    await expect(popup.getByTestId('send-asset')).toHaveValue(getAddress(token))
    await popup.getByTestId('send-to').fill(token)
    await popup.getByTestId('send-amount').fill('1')
    await expect(popup.getByTestId('send-to-warning')).toContainText('token’s own contract')
    await expect(review).toBeEnabled()
    // An address that is no ERC-20 is refused as a token.
    await popup.getByTestId('send-token-address').fill(secondAccount)
    await popup.getByTestId('send-token-add').click()
    await expect(popup.getByTestId('send-asset-error')).toContainText('ERC-20')
  })

  test('send-max is the balance less the maximum fee of the chosen preset', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    await openSend(popup)
    await popup.getByTestId('send-to').fill(secondAccount)
    await popup.getByTestId('send-fee').selectOption('slow')
    await popup.getByTestId('send-max').click()
    const slow = await popup.getByTestId('send-fee').locator('option[value="slow"]').textContent()
    const fee = parseEther(/([\d.]+) ETH/.exec(slow ?? '')?.[1] ?? 'x')
    const balance = await ethBalanceOf(anvilUrl, firstAccount)
    await expect(popup.getByTestId('send-amount')).toHaveValue(formatEther(balance - fee))
    await expect(popup.getByTestId('send-error')).toHaveCount(0)
    await expect(popup.getByTestId('send-review')).toBeEnabled()
  })

  test('a Solana recipient must be a base58 key of 32 bytes', async ({ wallet, solanaNetwork }) => {
    void solanaNetwork
    const popup = wallet.popup
    await openSend(popup)
    await popup.getByTestId('send-network').selectOption(localSolana)
    await expect(popup.getByTestId('send-from')).toHaveValue(firstSolanaAddress)
    await popup.getByTestId('send-to').fill(firstAccount)
    await expect(popup.getByTestId('send-to-error')).toContainText('base58')
    await popup.getByTestId('send-to').fill(firstSolanaAddress.slice(0, -2))
    await expect(popup.getByTestId('send-to-error')).toContainText('base58')
  })

  test('sends SOL to a new address; the node has the lamports', async ({
    wallet,
    solanaNetwork,
  }) => {
    const popup = wallet.popup
    await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 5_000_000_000])
    await expect.poll(() => balanceOf(solanaNetwork, firstSolanaAddress)).toBeGreaterThan(0)
    const recipient = (await generateKeyPairSigner()).address
    await openSend(popup)
    await fillSend(popup, { network: localSolana, to: recipient, amount: '1.25' })
    await expect(popup.getByTestId('send-fee-solana')).toContainText('SOL')
    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    await expect(window.getByTestId('confirm-solana-instructions')).toContainText('Transfer')
    await expect(window.getByTestId('confirm-simulation')).toContainText('1.25')
    await answerAndClose(window, 'approve', 'send-sol-confirmation')
    await expect(popup.getByTestId('send-sent')).toBeVisible()
    await expect.poll(() => balanceOf(solanaNetwork, recipient)).toBe(1_250_000_000)
  })

  test("the owner's SOL send approved after the worker stopped while its confirmation was shown reaches the node once (DESIGN §6; issue 28)", async ({
    wallet,
    solanaNetwork,
    serviceWorker,
  }) => {
    await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 5_000_000_000])
    await expect.poll(() => balanceOf(solanaNetwork, firstSolanaAddress)).toBeGreaterThan(0)
    const recipient = (await generateKeyPairSigner()).address
    await approveAfterWorkerStop(
      await reviewSend(wallet, { network: localSolana, to: recipient, amount: '0.75' }),
      serviceWorker,
    )
    await expect.poll(() => balanceOf(solanaNetwork, recipient)).toBe(750_000_000)
    // The screen lost the answer with the worker, not the send: it says so, not that it failed.
    await expect(wallet.popup.getByTestId('send-unanswered')).toBeVisible()
    await expect(wallet.popup.getByTestId('send-error')).toHaveCount(0)
    // Once: a second transaction would add as much again; nothing sends it after another stop.
    await serviceWorker.stop()
    await wallet.popup.reload()
    await expect(wallet.popup.getByTestId('home-send')).toBeVisible()
    expect(await balanceOf(solanaNetwork, recipient)).toBe(750_000_000)
  })

  test("the worker says what it holds of the owner's send whose answer was lost: the send a stopped worker kept with its confirmation shown is waiting, one it never received unknown", async ({
    wallet,
    serviceWorker,
    anvilUrl,
  }) => {
    const before = await ethBalanceOf(anvilUrl, third)
    const window = await reviewSend(wallet, { to: third, amount: '0.125' })
    const [kept] = await keptOwnSends(wallet.popup)
    if (!kept) throw new Error('the worker keeps no send while its confirmation is shown')
    expect(kept.draft).toMatchObject({ to: third, amount: '0.125' })
    await serviceWorker.stop()

    // Waiting until the next worker's catch-up (1 s after its start) runs it again: running then.
    const held = await askSendStatus(wallet.popup, kept)
    expect([
      { ok: true, result: 'waiting' },
      { ok: true, result: 'running' },
    ]).toContainEqual(held)
    // The screen lost the answer with the worker; the worker holds the send: it says so.
    await expect(wallet.popup.getByTestId('send-unanswered')).toBeVisible()
    const never = { ...kept, requestId: crypto.randomUUID() }
    expect(await askSendStatus(wallet.popup, never)).toEqual({ ok: true, result: 'unknown' })
    await answerAndClose(window, 'approve')
    await expect.poll(() => ethBalanceOf(anvilUrl, third)).toBe(before + parseEther('0.125'))
  })

  test("a Review whose message reached no worker ('Receiving end does not exist', the worker answering the read after) is shown as not sent, not kept: no window opens, and Review again sends it once", async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    const before = await ethBalanceOf(anvilUrl, third)
    await openSend(popup)
    await fillSend(popup, { to: third, amount: '0.0625' })
    // The browser's rejection of a message no worker took (a worker starting or stopping), made to
    // happen to this one message: it never leaves the popup, every other one reaches the worker.
    await popup.evaluate(() => {
      const deliver = chrome.runtime.sendMessage.bind(chrome.runtime)
      let lost = false
      const send = (message: { type?: string }) => {
        if (lost || message.type !== 'send:submit') return deliver(message)
        lost = true
        return Promise.reject(
          new Error('Could not establish connection. Receiving end does not exist.'),
        )
      }
      Object.defineProperty(chrome.runtime, 'sendMessage', { value: send, configurable: true })
    })
    await popup.getByTestId('send-review').click()

    await expect(popup.getByTestId('send-error')).toContainText('does not hold this send')
    await expect(popup.getByTestId('send-unanswered')).toHaveCount(0)
    expect(confirmationWindow(wallet.context, wallet.extensionOrigin)).toBeUndefined()
    expect(await keptOwnSends(popup)).toEqual([])

    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await answerAndClose(window, 'approve')
    await expect(popup.getByTestId('send-sent')).toBeVisible()
    expect(await ethBalanceOf(anvilUrl, third)).toBe(before + parseEther('0.0625'))
  })

  test('sends an SPL token, creating the recipient’s token account (an instruction, and rent in the fee)', async ({
    wallet,
    solanaNetwork,
  }) => {
    const popup = wallet.popup
    await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 5_000_000_000])
    const token = await createTokenAccounts(solanaNetwork, {
      owner: firstSolanaAddress,
      decimals: 6,
      amount: 5_000_000n,
    })
    const recipient = (await generateKeyPairSigner()).address
    await openSend(popup)
    await fillSend(popup, { network: localSolana, asset: token.mint, to: recipient, amount: '1.5' })
    await expect(popup.getByTestId('send-creates-account')).toContainText('SOL')
    await saveScreen(popup, 'send-spl')
    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
    const instructions = window.getByTestId('confirm-solana-instructions')
    await expect(instructions).toContainText('Create token account')
    await expect(instructions).toContainText('Transfer (checked)')
    await answerAndClose(window, 'approve', 'send-spl-confirmation')
    await expect(popup.getByTestId('send-sent')).toBeVisible()
    const [destination] = await findAssociatedTokenPda({
      owner: address(recipient),
      mint: address(token.mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    await expect.poll(() => tokenAmountOf(solanaNetwork, destination)).toBe('1500000')
    expect(await tokenAmountOf(solanaNetwork, token.source)).toBe('3500000')

    // Sent to again, the recipient's token account exists: neither created nor shown as new.
    await popup.reload()
    await openSend(popup)
    await fillSend(popup, { network: localSolana, asset: token.mint, to: recipient, amount: '0.5' })
    await expect(popup.getByTestId('send-creates-account')).toHaveCount(0)
    await popup.getByTestId('send-review').click()
    const again = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const shown = again.getByTestId('confirm-solana-instructions')
    await expect(shown).toContainText('Transfer (checked)')
    await expect(shown).not.toContainText('Create token account')
    await expect(shown).not.toContainText('New account')
    await answerAndClose(again, 'approve')
    await expect.poll(() => tokenAmountOf(solanaNetwork, destination)).toBe('2000000')
  })
})

test.describe('receive (DESIGN §9)', () => {
  test('shows the address in full with a QR code that decodes to exactly it, and copies it', async ({
    wallet,
  }) => {
    const popup = wallet.popup
    await popup.reload()
    await popup.getByTestId('home-receive').click()
    await expect(popup.getByTestId('receive-address')).toHaveText(firstAccount)
    await expect(popup.getByTestId('receive-qr')).toBeVisible()
    await saveScreen(popup, 'receive')
    expect(await decodeQr(popup.getByTestId('receive-qr'))).toBe(firstAccount)
    await popup.getByTestId('receive-account').selectOption(firstSolanaAddress)
    await expect(popup.getByTestId('receive-address')).toHaveText(firstSolanaAddress)
    await expect.poll(() => decodeQr(popup.getByTestId('receive-qr'))).toBe(firstSolanaAddress)
    await popup.getByTestId('receive-copy').click()
    await expect(popup.getByTestId('receive-copy')).toHaveText('Copied')
    // What was copied is pasted, as a user would, into the send screen's recipient.
    await popup.getByTestId('nav-home').click()
    await openSend(popup)
    await popup.getByTestId('send-to').focus()
    await popup.keyboard.press('ControlOrMeta+V')
    await expect(popup.getByTestId('send-to')).toHaveValue(firstSolanaAddress)
  })
})
