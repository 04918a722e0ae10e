/**
 * `npm run bench:send`: the wallet's own send (DESIGN §9), timed in headless Chromium against the
 * node endpoint and its embedded anvil, next to the same transfer by a viem local account of the
 * same key in the same run:
 * - Review click → the confirmation window shows the send (`confirm-origin`);
 * - Send (the confirmation's approve) click → the send screen has the transaction hash;
 * - viem: `sendTransaction` of the same ether transfer → hash.
 * Prints p50 (and each sample) of `--runs` rounds and the CPU it ran on. `--screens <dir>` also
 * saves the send and receive screens there as PNG (how README's pictures are made).
 */
import { mkdir } from 'node:fs/promises'
import { cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { expect, type Page } from '@playwright/test'
import { createWalletClient, http, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { secondAccount } from '../e2e/support/anvil.ts'
import { confirmationWindow } from '../e2e/support/confirmations.ts'
import { startNodeEndpoint } from '../e2e/support/endpoint.ts'
import { fillSend, openSend } from '../e2e/support/sendScreen.ts'
import { startReadyWallet } from '../e2e/support/wallet.ts'
import { testMnemonic } from '../e2e/support/walletUi.ts'
import { percentile } from './lib/measure.ts'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    screens: { type: 'string' },
  },
})
const runs = Number(options.runs)
const amount = '0.001'

/** Saves `page` at the popup's size as `<dir>/<name>.png`. */
async function screen(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: `${dir}/${name}.png` })
}

const endpoint = await startNodeEndpoint({ port: 0 })
const wallet = await startReadyWallet(endpoint)
try {
  const popup = wallet.popup
  await popup.setViewportSize({ width: 360, height: 600 })
  const client = createWalletClient({
    account: mnemonicToAccount(testMnemonic),
    chain: foundry,
    transport: http(endpoint.httpUrl),
  })
  const shown: number[] = []
  const sent: number[] = []
  const direct: number[] = []
  for (let run = 0; run < runs; run += 1) {
    await popup.reload()
    await openSend(popup)
    await fillSend(popup, { to: secondAccount, amount })
    if (run === 0 && options.screens) {
      await mkdir(options.screens, { recursive: true })
      await screen(popup, options.screens, 'send')
    }
    let start = performance.now()
    const opened = wallet.context.waitForEvent('page', (page) => page.url().includes('?confirm'))
    await popup.getByTestId('send-review').click()
    const window = confirmationWindow(wallet.context, wallet.extensionOrigin) ?? (await opened)
    await window.getByTestId('confirm-origin').waitFor()
    shown.push(performance.now() - start)
    if (run === 0 && options.screens) {
      await window.setViewportSize({ width: 400, height: 680 })
      await screen(window, options.screens, 'send-confirmation')
    }
    const approve = window.getByTestId('confirm-approve')
    // Approve is armed a moment after the request shows: timed from when the user can click it.
    await approve.and(window.locator(':enabled')).waitFor()
    start = performance.now()
    await approve.click()
    await expect(popup.getByTestId('send-sent')).toContainText(/0x[0-9a-f]{64}/, {
      timeout: 30_000,
    })
    sent.push(performance.now() - start)

    start = performance.now()
    await client.sendTransaction({ to: secondAccount, value: parseEther(amount) })
    direct.push(performance.now() - start)
  }
  if (options.screens) {
    await popup.reload()
    await popup.getByTestId('home-receive').click()
    await popup.getByTestId('receive-qr').waitFor()
    await screen(popup, options.screens, 'receive')
  }
  const line = (label: string, samples: number[]) =>
    `${label.padEnd(44)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   (${samples.map((ms) => ms.toFixed(0)).join(', ')})`
  console.log(`send benchmark: ${runs} runs of a ${amount} ETH transfer on the Local devnet`)
  console.log(`CPU: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores)`)
  console.log(line('Review click → confirmation shown', shown))
  console.log(line('Send click → transaction hash (wallet)', sent))
  console.log(line('viem local account sendTransaction → hash', direct))
} finally {
  await wallet.close()
  await endpoint.close()
}
