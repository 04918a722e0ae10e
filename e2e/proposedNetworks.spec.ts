import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { closedPort } from './support/closedPort.ts'
import { waitForConfirmation } from './support/confirmations.ts'

/**
 * A JSON-RPC node on loopback that serves chain 31337 and counts the requests reaching it: what a
 * page would like to find on the user's machine.
 */
async function startCountingNode(): Promise<{
  url: string
  requests(): number
  close(): Promise<void>
}> {
  let requests = 0
  const server: Server = createServer((request, response) => {
    requests += 1
    request.resume()
    request.on('end', () => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      })
      response.end('{"jsonrpc":"2.0","id":1,"result":"0x7a69"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** `wallet_addEthereumChain` of chain 4242 at `rpcUrl`, from `page`'s EIP-1193 provider: its outcome. */
const proposeChain = (page: Page, rpcUrl: string) =>
  page.evaluate(async (rpcUrl) => {
    const { ethereum } = window as unknown as {
      ethereum: { request(args: { method: string; params: unknown[] }): Promise<unknown> }
    }
    try {
      const result = await ethereum.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x1092', chainName: 'Probe', rpcUrls: [rpcUrl] }],
      })
      return { result }
    } catch (thrown) {
      const { code, message, data } = thrown as { code: number; message: string; data?: unknown }
      return { error: data === undefined ? { code, message } : { code, message, data } }
    }
  }, rpcUrl)

test.describe('a network a page proposes', () => {
  test('is contacted only once the user asks, a local one only once allowed; the page learns nothing of it', async ({
    wallet,
    dappPage,
  }) => {
    const node = await startCountingNode()
    const unreachable = await closedPort()
    try {
      const outcomes: unknown[] = []
      for (const [rpcUrl, expected] of [
        [unreachable, 'No JSON-RPC answer'],
        [node.url, 'This endpoint serves eip155:31337, not eip155:4242.'],
      ] as const) {
        // A page with no session asks, with no prompt before.
        const proposing = proposeChain(dappPage, rpcUrl)
        const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
        await expect(window.getByTestId('confirm-network-rpc-url')).toHaveText(rpcUrl)
        await expect(window.getByTestId('confirm-network-local')).toContainText('127.0.0.1')
        await expect(window.getByTestId('confirm-approve')).toBeDisabled()
        const check = window.getByTestId('confirm-network-check')
        await expect(check).toBeDisabled()
        await dappPage.waitForTimeout(1000)
        expect(node.requests()).toBe(0)

        await window.getByTestId('confirm-network-allow-local').check()
        await check.click()
        await expect(window.getByTestId('confirm-network-check-result')).toContainText(expected)
        await expect(window.getByTestId('confirm-approve')).toBeDisabled()
        const closed = window.waitForEvent('close')
        await window.getByTestId('confirm-reject').click()
        await closed
        outcomes.push(await proposing)
      }
      expect(node.requests()).toBe(1)
      // The same answer whether nothing listened or a node of another chain answered.
      expect(outcomes).toEqual([
        { error: { code: 4001, message: 'User rejected the request.' } },
        { error: { code: 4001, message: 'User rejected the request.' } },
      ])
    } finally {
      await node.close()
    }
  })

  test('a page that never gets an answer from the user never reaches the address', async ({
    wallet,
    dappPage,
  }) => {
    const node = await startCountingNode()
    try {
      const proposing = proposeChain(dappPage, node.url)
      await dappPage.waitForTimeout(1000)
      expect(node.requests()).toBe(0)
      const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      const closed = window.waitForEvent('close')
      await window.close()
      await closed
      expect(await proposing).toEqual({
        error: { code: 4001, message: 'User rejected the request.' },
      })
      expect(node.requests()).toBe(0)
    } finally {
      await node.close()
    }
  })
})
