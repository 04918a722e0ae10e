import type { Page } from '@playwright/test'
import { parseEther, parseGwei, toHex } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import { anvilRpc, firstAccount, secondAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { feesOf, type MinedFees, mineTippedBlocks } from './support/feeMarket.ts'
import { invoke } from './support/provider.ts'
import { fillSend, openSend } from './support/sendScreen.ts'

const sendingSession = {
  optionalScopes: { [devnet]: { methods: ['eth_sendTransaction'], notifications: [] } },
}

const transfer = { from: firstAccount, to: secondAccount, value: toHex(parseEther('0.01')) }

/** The max fee and priority fee (gwei) a `confirm-fee` option shows: "… (max 6.75 gwei, priority 5 gwei)". */
async function shownFees(window: Page, value: string): Promise<{ max: string; priority: string }> {
  const text = await window
    .getByTestId('confirm-fee')
    .locator(`option[value="${value}"]`)
    .textContent()
  const match = /max ([\d.]+) gwei, priority ([\d.]+) gwei/.exec(text ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`no fees in the ${value} option: ${text}`)
  return { max: match[1], priority: match[2] }
}

test.describe('fees: the confirmation of a dapp transaction', () => {
  test.beforeEach(async ({ anvilUrl }) => {
    await mineTippedBlocks(anvilUrl, ['1', '2', '3', '4', '5'])
  })

  test('each preset shows its cost, and the one picked is exactly what is signed', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [transfer])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const select = window.getByTestId('confirm-fee')
    await expect(select).toHaveValue('normal')
    for (const preset of ['slow', 'normal', 'fast']) {
      await expect(select.locator(`option[value="${preset}"]`)).toContainText(/\d ETH/)
    }
    // Every block of the window tipped 1…5 gwei: the 10th, 50th and 90th percentiles.
    expect((await shownFees(window, 'slow')).priority).toBe('1')
    expect((await shownFees(window, 'normal')).priority).toBe('3')
    const fast = await shownFees(window, 'fast')
    expect(fast.priority).toBe('5')
    await select.selectOption('fast')
    await answerConfirmation(window, 'approve', 'confirm-fee-fast')
    const hash = (await pending).result ?? ''
    const signed = await feesOf(anvilUrl, hash)
    expect(BigInt(signed.maxFeePerGas)).toBe(parseGwei(fast.max))
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei(fast.priority))
  })

  test('a custom fee is checked as typed, and signed as typed', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [transfer])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await window.getByTestId('confirm-fee').selectOption('custom')
    await window.getByTestId('confirm-fee-max-gwei').fill('3')
    await window.getByTestId('confirm-fee-priority-gwei').fill('4')
    await expect(window.getByTestId('confirm-fee-priority-gwei-error')).toHaveText(
      'The priority fee cannot be above the max fee',
    )
    await expect(window.getByTestId('confirm-approve')).toBeDisabled()
    await window.getByTestId('confirm-fee-max-gwei').fill('0.000000001')
    await window.getByTestId('confirm-fee-priority-gwei').fill('0')
    await expect(window.getByTestId('confirm-fee-warning')).toContainText(
      'below the current base fee',
    )
    await window.getByTestId('confirm-fee-max-gwei').fill('12.5')
    await window.getByTestId('confirm-fee-priority-gwei').fill('2.25')
    await expect(window.getByTestId('confirm-fee-priority-gwei-error')).toHaveCount(0)
    await answerConfirmation(window, 'approve')
    const signed = await feesOf(anvilUrl, (await pending).result ?? '')
    expect(BigInt(signed.maxFeePerGas)).toBe(parseGwei('12.5'))
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei('2.25'))
  })

  test("the dapp's own fee fields are the default", async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
      {
        ...transfer,
        maxFeePerGas: toHex(parseGwei('9')),
        maxPriorityFeePerGas: toHex(parseGwei('1.5')),
      },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-fee')).toHaveValue('custom')
    await expect(window.getByTestId('confirm-fee-max-gwei')).toHaveValue('9')
    await expect(window.getByTestId('confirm-fee-priority-gwei')).toHaveValue('1.5')
    await answerConfirmation(window, 'approve')
    const signed = await feesOf(anvilUrl, (await pending).result ?? '')
    expect(BigInt(signed.maxFeePerGas)).toBe(parseGwei('9'))
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei('1.5'))
  })

  test("a dapp's legacy gasPrice is signed as an EIP-1559 fee of that max and priority on a chain with a base fee", async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [
      { ...transfer, gasPrice: toHex(parseGwei('8')) },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-fee')).toHaveValue('custom')
    await expect(window.getByTestId('confirm-fee-max-gwei')).toHaveValue('8')
    await expect(window.getByTestId('confirm-fee-priority-gwei')).toHaveValue('8')
    await answerConfirmation(window, 'approve')
    const signed = await anvilRpc<MinedFees & { type: string; gasPrice: string }>(
      anvilUrl,
      'eth_getTransactionByHash',
      [(await pending).result ?? ''],
    )
    expect(signed.type).toBe('0x2')
    expect(BigInt(signed.maxFeePerGas)).toBe(parseGwei('8'))
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei('8'))
  })

  test('the worker refuses a fee the window could not have sent, and the request still waits', async ({
    wallet,
    dappPage,
    connect,
    anvilUrl,
  }) => {
    await connect(dappPage, sendingSession)
    const pending = invoke<string>(dappPage, devnet, 'eth_sendTransaction', [transfer])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const answers = await window.evaluate(async () => {
      // The pending confirmation as the worker lists it: a record the previous test answered may
      // still be in storage (released after its answer), and resolving that one proves nothing.
      const queue = (await chrome.runtime.sendMessage({ type: 'confirmations:list' })) as {
        result: Array<{ id: string }>
      }
      if (queue.result.length !== 1)
        throw new Error(`expected one pending confirmation: ${JSON.stringify(queue)}`)
      const id = queue.result[0]?.id
      const resolve = (fee: unknown) =>
        chrome.runtime.sendMessage({
          type: 'confirmation:resolve',
          params: { id, approved: true, fee },
        })
      return [
        await resolve({ name: 'custom', maxFeeGwei: '1', priorityFeeGwei: '5' }),
        await resolve({ name: 'custom', maxFeeGwei: '1000000', priorityFeeGwei: '1' }),
        await resolve({ name: 'custom', maxFeeGwei: '-1', priorityFeeGwei: '0' }),
        await resolve({ name: 'fastest' }),
      ]
    })
    for (const answer of answers) {
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_fields' } })
    }
    await expect(window.getByTestId('confirm-approve')).toBeEnabled()
    await window.getByTestId('confirm-fee').selectOption('slow')
    const slow = await shownFees(window, 'slow')
    await answerConfirmation(window, 'approve')
    const signed = await feesOf(anvilUrl, (await pending).result ?? '')
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei(slow.priority))
  })
})

test.describe("fees: the confirmation of the owner's Send", () => {
  test.beforeEach(async ({ anvilUrl }) => {
    await mineTippedBlocks(anvilUrl, ['1', '2', '3', '4', '5'])
  })

  test('the preset picked on the send screen is the one the confirmation shows, and its fee is what is signed', async ({
    wallet,
    anvilUrl,
  }) => {
    const popup = wallet.popup
    await popup.reload()
    await openSend(popup)
    await fillSend(popup, { to: secondAccount, amount: '0.01' })
    await popup.getByTestId('send-fee').selectOption('fast')
    await expect(popup.getByTestId('send-review')).toBeEnabled()
    await popup.getByTestId('send-review').click()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-fee')).toHaveValue('fast')
    const fast = await shownFees(window, 'fast')
    expect(fast.priority).toBe('5')
    await answerConfirmation(window, 'approve')
    await expect(popup.getByTestId('send-sent')).toContainText(/0x[0-9a-f]{64}/)
    const hash = (await popup.getByTestId('send-sent').locator('code').textContent()) ?? ''
    const signed = await feesOf(anvilUrl, hash)
    expect(BigInt(signed.maxFeePerGas)).toBe(parseGwei(fast.max))
    expect(BigInt(signed.maxPriorityFeePerGas)).toBe(parseGwei(fast.priority))
  })
})
