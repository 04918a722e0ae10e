import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { secondAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { startNodeEndpoint } from './support/endpoint.ts'
import { fillSend, openSend } from './support/sendScreen.ts'

/** `wallet_addEthereumChain` of chain 4242 from `page`'s EIP-1193 provider: its outcome. */
const proposeChain = (page: Page, blockExplorerUrls: unknown) =>
  page.evaluate(async (blockExplorerUrls) => {
    const { ethereum } = window as unknown as {
      ethereum: { request(args: { method: string; params: unknown[] }): Promise<unknown> }
    }
    try {
      const result = await ethereum.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x1092',
            chainName: 'Explorer probe',
            rpcUrls: ['https://rpc.explorer-probe.example'],
            blockExplorerUrls,
          },
        ],
      })
      return { result }
    } catch (thrown) {
      const { code, message } = thrown as { code: number; message: string }
      return { error: { code, message } }
    }
  }, blockExplorerUrls)

test.describe('block explorers (DESIGN §11)', () => {
  test('a javascript: explorer is refused -32602 with no window; an https one is shown in the add window', async ({
    wallet,
    dappPage,
  }) => {
    expect(await proposeChain(dappPage, ['javascript:alert(document.cookie)'])).toEqual({
      error: { code: -32602, message: expect.stringContaining('blockExplorerUrls') },
    })
    const proposing = proposeChain(dappPage, ['https://scan.explorer-probe.example/'])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-network-name')).toHaveText('Explorer probe')
    await expect(window.getByTestId('confirm-network-explorer-url')).toHaveText(
      'https://scan.explorer-probe.example',
    )
    const closed = window.waitForEvent('close')
    await window.getByTestId('confirm-reject').click()
    await closed
    expect(await proposing).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
  })

  test('an explorer-link in a confirmation and in an Activity row opens the explorer’s page in a new tab', async ({
    wallet,
  }) => {
    const popup = wallet.popup
    // A second devnet, as a custom network with an explorer; the explorer's host is answered here.
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    const explorer = 'https://explorer.aperture.test'
    const explorerPages = `${explorer}/**`
    await wallet.context.route(explorerPages, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Explorer</title>' }),
    )
    try {
      await popup.evaluate((network) => chrome.storage.local.set({ customNetworks: [network] }), {
        chainId: 'eip155:1337',
        name: 'Explored devnet',
        rpcUrl: second.httpUrl,
        wsUrl: second.wsUrl,
        explorerUrl: explorer,
      })
      await popup.reload()
      await openSend(popup)
      await fillSend(popup, { network: 'eip155:1337', to: secondAccount, amount: '0.01' })
      await popup.getByTestId('send-review').click()
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      let opening = wallet.context.waitForEvent('page', { timeout: 15_000 })
      await window.getByTestId('confirm-tx-to').getByTestId('explorer-link').click()
      let tab = await opening
      await expect(tab).toHaveURL(`${explorer}/address/${secondAccount}`)
      await expect(tab).toHaveTitle('Explorer')
      await tab.close()
      await answerConfirmation(window, 'approve')
      await expect(popup.getByTestId('send-sent')).toContainText(/0x[0-9a-f]{64}/)
      const hash = (await popup.getByTestId('send-sent').locator('code').textContent()) ?? ''

      await popup.reload()
      await popup.getByTestId('home-network').selectOption('eip155:1337')
      await popup
        .getByText(/^Transactions \(/)
        .first()
        .click()
      opening = wallet.context.waitForEvent('page', { timeout: 15_000 })
      await popup.getByTestId(`activity-tx-${hash}`).getByTestId('explorer-link').click()
      tab = await opening
      await expect(tab).toHaveURL(`${explorer}/tx/${hash}`)
      await tab.close()
    } finally {
      await wallet.context.unroute(explorerPages)
      await popup.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))
      await second.close()
    }
  })
})
