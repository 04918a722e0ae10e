import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { waitForConfirmation } from './support/confirmations.ts'

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

test.describe("a proposed network's block explorer (DESIGN §11)", () => {
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
})
