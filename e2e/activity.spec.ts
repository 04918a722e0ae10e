import type { Page } from '@playwright/test'
import { keccak256, parseEther, toHex } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import {
  anvilRpc,
  ethBalanceOf,
  firstAccount,
  nonceOf,
  secondAccount,
  withAutomineOff,
} from './support/anvil.ts'
import {
  answerConfirmation,
  approveAfterWorkerStop,
  waitForConfirmation,
} from './support/confirmations.ts'
import type { MinedFees } from './support/feeMarket.ts'
import { startHoldingProxy } from './support/holdingProxy.ts'
import { invoke } from './support/provider.ts'
import { reviewSend } from './support/sendScreen.ts'
import type { WorkerControl } from './support/serviceWorker.ts'
import type { ReadyWallet } from './support/wallet.ts'
import { showActivity, writeSettings } from './support/walletUi.ts'

const sendingSession = {
  optionalScopes: { [devnet]: { methods: ['eth_sendTransaction'], notifications: [] } },
}

/** A transaction as anvil holds it, pending or mined: what a replacement is compared on. */
type NodeTransaction = MinedFees & {
  from: string
  to: string
  value: string
  input: string
  blockNumber: string | null
}

const transactionOf = (anvilUrl: string, hash: string): Promise<NodeTransaction> =>
  anvilRpc<NodeTransaction>(anvilUrl, 'eth_getTransactionByHash', [hash])

/**
 * The hash of the pending activity row marked `mark` ('speed-up' or 'cancel'), other than `hash`:
 * an earlier test's replacement on the same account is mined by then.
 */
async function replacementOf(popup: Page, hash: string, mark: string): Promise<string> {
  const row = popup
    .locator('[data-testid^="activity-tx-"]')
    .filter({ has: popup.getByText(mark, { exact: true }) })
    .filter({ has: popup.locator('[data-testid^="activity-status-"]', { hasText: 'pending' }) })
    .filter({ hasNotText: hash })
  await expect(row).toHaveCount(1)
  const id = (await row.getAttribute('data-testid')) ?? ''
  return id.slice('activity-tx-'.length)
}

/** Both fees of `replacement` are at least 110 % of `original`'s (DESIGN §9). */
function expectBumped(replacement: MinedFees, original: MinedFees): void {
  for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    expect(BigInt(replacement[field]) * 100n).toBeGreaterThanOrEqual(BigInt(original[field]) * 110n)
  }
}

/**
 * The owner's Send of `amount` ETH to the second account, approved while anvil does not mine
 * (`withAutomineOff`): its hash, pending.
 */
async function pendingSend(wallet: ReadyWallet, amount: string): Promise<string> {
  await answerConfirmation(await reviewSend(wallet, { to: secondAccount, amount }), 'approve')
  const sent = wallet.popup.getByTestId('send-sent')
  await expect(sent).toContainText(/0x[0-9a-f]{64}/)
  return (await sent.locator('code').textContent()) ?? ''
}

/**
 * Speeds up or cancels the pending `hash` from Activity, approves the confirmation after a worker
 * stop (`approveAfterWorkerStop`), and returns the replacement Activity lists and the node holds.
 */
async function replaceAfterWorkerStop(
  {
    wallet,
    serviceWorker,
    anvilUrl,
  }: { wallet: ReadyWallet; serviceWorker: Pick<WorkerControl, 'stop'>; anvilUrl: string },
  hash: string,
  kind: 'speed-up' | 'cancel',
): Promise<{ replacementHash: string; replacement: Awaited<ReturnType<typeof transactionOf>> }> {
  await showActivity(wallet.popup)
  await wallet.popup.getByTestId(`activity-${kind}-${hash}`).click()
  await approveAfterWorkerStop(
    await waitForConfirmation(wallet.context, wallet.extensionOrigin),
    serviceWorker,
  )
  await showActivity(wallet.popup)
  const replacementHash = await replacementOf(wallet.popup, hash, kind)
  return { replacementHash, replacement: await transactionOf(anvilUrl, replacementHash) }
}

test.describe('activity: speed up and cancel a pending transaction (DESIGN §9)', () => {
  test("a dapp's pending transaction sped up: the same one at the same nonce, both fees ≥ 110 %; the original replaced", async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    await withAutomineOff(anvilUrl, async () => {
      const transfer = { from: firstAccount, to: secondAccount, value: toHex(parseEther('0.03')) }
      const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [transfer])
      await answerConfirmation(
        await waitForConfirmation(wallet.context, wallet.extensionOrigin),
        'approve',
      )
      const hash = (await pending).result ?? ''
      const original = await transactionOf(anvilUrl, hash)
      expect(original.blockNumber).toBeNull()

      const popup = wallet.popup
      await showActivity(popup)
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('pending')
      await popup.getByTestId(`activity-speed-up-${hash}`).click()
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
      await expect(window.getByTestId('confirm-tx-to')).toContainText(secondAccount)
      await expect(window.getByTestId('confirm-tx-value')).toHaveText('0.03 ETH')
      await answerConfirmation(window, 'approve', 'activity-speed-up-confirmation')

      const replacementHash = await replacementOf(popup, hash, 'speed-up')
      const replacement = await transactionOf(anvilUrl, replacementHash)
      expect(replacement).toMatchObject({
        nonce: original.nonce,
        to: original.to,
        value: original.value,
        input: original.input,
        blockNumber: null,
      })
      expectBumped(replacement, original)

      await anvilRpc(anvilUrl, 'evm_mine', [])
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('replaced')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('confirmed')
      await expect(popup.getByTestId(`activity-speed-up-${hash}`)).toHaveCount(0)
      expect(await transactionOf(anvilUrl, replacementHash)).toMatchObject({
        blockNumber: expect.stringMatching(/^0x/),
      })
      expect(await anvilRpc<unknown>(anvilUrl, 'eth_getTransactionReceipt', [hash])).toBeNull()
    })
  })

  test("the wallet's own pending send cancelled across worker stops: a 0-value send to self at the same nonce; the original cancelled", async ({
    wallet,
    anvilUrl,
    serviceWorker,
  }) => {
    const popup = wallet.popup
    await withAutomineOff(anvilUrl, async () => {
      const hash = await pendingSend(wallet, '0.04')
      const original = await transactionOf(anvilUrl, hash)
      expect(original.blockNumber).toBeNull()

      // The worker stops while the send is pending: the state comes back from storage and the node.
      await serviceWorker.stop()
      await showActivity(popup)
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('pending')
      await popup.getByTestId(`activity-cancel-${hash}`).click()
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(window.getByTestId('confirm-origin')).toHaveText('Aperture')
      await expect(window.getByTestId('confirm-tx-to')).toContainText(firstAccount)
      await expect(window.getByTestId('confirm-tx-value')).toHaveText('0 ETH')
      await answerConfirmation(window, 'approve')

      const replacementHash = await replacementOf(popup, hash, 'cancel')
      const replacement = await transactionOf(anvilUrl, replacementHash)
      expect(replacement.nonce).toBe(original.nonce)
      expect(replacement.from.toLowerCase()).toBe(firstAccount.toLowerCase())
      expect(replacement.to.toLowerCase()).toBe(firstAccount.toLowerCase())
      expect(BigInt(replacement.value)).toBe(0n)
      expect(replacement.input).toBe('0x')
      expectBumped(replacement, original)

      // Both pending, the worker stops again; then the cancel is mined.
      await serviceWorker.stop()
      await showActivity(popup)
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('pending')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('pending')
      await anvilRpc(anvilUrl, 'evm_mine', [])
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('cancelled')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('confirmed')
      await serviceWorker.stop()
      await showActivity(popup)
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('cancelled')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('confirmed')
      expect(serviceWorker.stops).toBe(3)
    })
  })
})

test.describe("the wallet's own requests across a worker stop (DESIGN §6, §9; issue 28)", () => {
  test("the owner's send approved after the worker stopped while its confirmation was shown is sent once and listed in Activity", async ({
    wallet,
    anvilUrl,
    serviceWorker,
  }) => {
    const popup = wallet.popup
    const nonce = await nonceOf(anvilUrl, firstAccount)
    const before = await ethBalanceOf(anvilUrl, secondAccount)
    await approveAfterWorkerStop(
      await reviewSend(wallet, { to: secondAccount, amount: '0.0123' }),
      serviceWorker,
    )

    await expect.poll(() => nonceOf(anvilUrl, firstAccount)).toBe(nonce + 1)
    const after = await ethBalanceOf(anvilUrl, secondAccount)
    expect(after - before).toBe(parseEther('0.0123'))
    const block = await anvilRpc<{ transactions: Array<{ hash: string; from: string }> }>(
      anvilUrl,
      'eth_getBlockByNumber',
      ['latest', true],
    )
    const sent = block.transactions.find(
      (transaction) => transaction.from.toLowerCase() === firstAccount.toLowerCase(),
    )
    await showActivity(popup)
    await expect(popup.getByTestId(`activity-status-${sent?.hash}`)).toHaveText('confirmed')
    // Once: the worker sent it once and nothing sends it again later.
    await serviceWorker.stop()
    await showActivity(popup)
    await expect(popup.getByTestId(`activity-status-${sent?.hash}`)).toHaveText('confirmed')
    expect(await nonceOf(anvilUrl, firstAccount)).toBe(nonce + 1)
  })

  test('a speed-up approved after the worker stopped while its confirmation was shown replaces the pending send once', async ({
    wallet,
    anvilUrl,
    serviceWorker,
  }) => {
    const popup = wallet.popup
    const nonce = await nonceOf(anvilUrl, firstAccount)
    await withAutomineOff(anvilUrl, async () => {
      const hash = await pendingSend(wallet, '0.02')
      const original = await transactionOf(anvilUrl, hash)

      const { replacementHash, replacement } = await replaceAfterWorkerStop(
        { wallet, serviceWorker, anvilUrl },
        hash,
        'speed-up',
      )
      expect(replacement).toMatchObject({
        nonce: original.nonce,
        to: original.to,
        value: original.value,
      })
      expectBumped(replacement, original)
      await anvilRpc(anvilUrl, 'evm_mine', [])
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('replaced')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('confirmed')
    })
    expect(await nonceOf(anvilUrl, firstAccount)).toBe(nonce + 1)
  })

  test('a speed-up signed but not broadcast when the worker stopped is sent again at the next start and listed as the speed-up of the pending send', async ({
    wallet,
    endpoint,
    anvilUrl,
    serviceWorker,
  }) => {
    const popup = wallet.popup
    const proxy = await startHoldingProxy(endpoint.httpUrl)
    try {
      await withAutomineOff(anvilUrl, async () => {
        const hash = await pendingSend(wallet, '0.01')
        await writeSettings(popup, { localDevnet: { rpcUrl: proxy.url, wsUrl: endpoint.wsUrl } })
        await showActivity(popup)
        await popup.getByTestId(`activity-speed-up-${hash}`).click()
        await answerConfirmation(
          await waitForConfirmation(wallet.context, wallet.extensionOrigin),
          'approve',
        )
        await expect.poll(() => proxy.held.length).toBe(1)
        // The broadcast is in flight (held): the node has not seen it; the worker stops now.
        await writeSettings(popup, {
          localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
        })
        await serviceWorker.stop()
        const replacementHash = keccak256(proxy.held[0] as `0x${string}`)

        await showActivity(popup)
        await expect(popup.getByTestId(`activity-resent-${replacementHash}`)).toBeVisible()
        await expect(popup.getByTestId(`activity-tx-${replacementHash}`)).toHaveCount(1)
        await expect(replacementOf(popup, hash, 'speed-up')).resolves.toBe(replacementHash)
        await anvilRpc(anvilUrl, 'evm_mine', [])
        await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('replaced')
        await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText(
          'confirmed',
        )
      })
    } finally {
      await writeSettings(popup, {
        localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
      })
      await proxy.close()
    }
  })

  test('a cancel approved after the worker stopped while its confirmation was shown replaces the pending send once with a 0-value send to self', async ({
    wallet,
    anvilUrl,
    serviceWorker,
  }) => {
    const popup = wallet.popup
    const nonce = await nonceOf(anvilUrl, firstAccount)
    await withAutomineOff(anvilUrl, async () => {
      const hash = await pendingSend(wallet, '0.03')
      const original = await transactionOf(anvilUrl, hash)

      const { replacementHash, replacement } = await replaceAfterWorkerStop(
        { wallet, serviceWorker, anvilUrl },
        hash,
        'cancel',
      )
      expect(replacement.nonce).toBe(original.nonce)
      expect(replacement.to.toLowerCase()).toBe(firstAccount.toLowerCase())
      expect(BigInt(replacement.value)).toBe(0n)
      expectBumped(replacement, original)
      await anvilRpc(anvilUrl, 'evm_mine', [])
      await expect(popup.getByTestId(`activity-status-${hash}`)).toHaveText('cancelled')
      await expect(popup.getByTestId(`activity-status-${replacementHash}`)).toHaveText('confirmed')
      expect(await anvilRpc<unknown>(anvilUrl, 'eth_getTransactionReceipt', [hash])).toBeNull()
    })
    expect(await nonceOf(anvilUrl, firstAccount)).toBe(nonce + 1)
  })
})
