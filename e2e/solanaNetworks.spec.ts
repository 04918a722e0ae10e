import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from './fixtures.ts'
import { startSolanaEndpoint } from './support/endpoint.ts'
import { fillNetworkForm, openWalletPopup, showSettings } from './support/popupScreens.ts'
import { invoke, request, resultOf, type SessionResult } from './support/provider.ts'
import { saveScreen } from './support/walletUi.ts'

// DESIGN §8: Solana mainnet, devnet and testnet are usable once the user gives an RPC URL; the
// network form checks the endpoint's genesis hash live (`getGenesisHash`).

const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
/** Solana mainnet-beta's genesis hash (its CAIP-2 reference is the first 32 characters). */
const mainnetGenesisHash = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'

/**
 * A JSON-RPC server on a free loopback port that answers `getGenesisHash` as Solana mainnet's
 * nodes do (this machine has no network): the one endpoint the form may accept for mainnet.
 */
async function startMainnetLookalike(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type')
    if (req.method === 'OPTIONS') {
      res.end()
      return
    }
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify(
          method === 'getGenesisHash'
            ? { jsonrpc: '2.0', id, result: mainnetGenesisHash }
            : { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } },
        ),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test.describe('the public Solana clusters in Settings', () => {
  test('Solana Mainnet is off until given an endpoint; the form refuses one serving another cluster (Surfpool) and accepts mainnet’s, which then serves the dapp; removing it drops the scope', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    const surfpool = await startSolanaEndpoint()
    const lookalike = await startMainnetLookalike()
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      const required = {
        requiredScopes: { [mainnet]: { methods: ['getGenesisHash'], notifications: [] } },
      }
      expect((await request(dappPage, 'wallet_createSession', required)).error?.code).toBe(5100)

      await showSettings(popup)
      const row = popup.getByTestId(`network-${mainnet}`)
      await expect(row).toContainText('Solana Mainnet')
      await expect(row).toContainText('needs RPC URL')

      // Through "Add network", naming the cluster by its chain id: Surfpool's genesis is its own.
      await popup.getByTestId('network-add').click()
      await fillNetworkForm(popup, {
        chainId: mainnet,
        name: 'Mainnet',
        rpcUrl: surfpool.httpUrl,
        wsUrl: surfpool.wsUrl,
      })
      await expect(popup.getByTestId('network-rpc-url-error')).toHaveText(
        new RegExp(
          `^This endpoint serves another Solana cluster \\(solana:\\w{32}\\), not ${mainnet}\\.$`,
        ),
      )
      await saveScreen(popup, 'network-form-solana-genesis-refused')
      await popup.getByTestId('network-cancel').click()
      await expect(row).toContainText('needs RPC URL')

      // Through the cluster's own row: the form knows the chain; mainnet's genesis hash passes.
      await popup.getByTestId(`network-edit-${mainnet}`).click()
      await expect(popup.getByTestId('network-chain-id')).toHaveValue(mainnet)
      await fillNetworkForm(popup, {
        rpcUrl: lookalike.url,
        wsUrl: lookalike.url.replace('http', 'ws'),
      })
      await expect(row).not.toContainText('needs RPC URL')
      await expect(row).toContainText(lookalike.url)

      const created = await connect(dappPage, required)
      expect(Object.keys(created.sessionScopes)).toEqual([mainnet])
      expect(await invoke(dappPage, mainnet, 'getGenesisHash', [])).toEqual({
        result: mainnetGenesisHash,
      })

      await popup.getByTestId(`network-remove-${mainnet}`).click()
      await expect(row).toContainText('needs RPC URL')
      await expect
        .poll(
          async () =>
            (await resultOf<SessionResult>(dappPage, 'wallet_getSession', {})).sessionScopes,
        )
        .toEqual({})
    } finally {
      await popup
        .evaluate(async (mainnet) => {
          const { settings } = await chrome.storage.local.get('settings')
          const { solanaNetworks: _gone, ...rest } = (settings ?? {}) as Record<string, unknown>
          await chrome.storage.local.set({ settings: rest })
          return mainnet
        }, mainnet)
        .catch(() => undefined)
      await popup.close()
      await lookalike.close()
      await surfpool.close()
    }
  })
})
