import type { Page } from '@playwright/test'
import { toHex } from 'viem'
import { walletScopeMethods } from '../src/core/eth/methods.ts'
import { devnet, expect, readMethods, test } from './fixtures.ts'
import {
  anvilRpc,
  blockNumber,
  deployEmitter,
  emitLogs,
  firstAccount,
  mine,
} from './support/anvil.ts'
import {
  addProposedNetwork,
  answerConfirmation,
  waitForConfirmation,
} from './support/confirmations.ts'
import { startNodeEndpoint } from './support/endpoint.ts'
import { accountsChanges, ethereumAccounts, recordProviderEvents } from './support/ethereumDapps.ts'
import {
  clientCall,
  clientInvoke,
  clientNotifications,
  openOfficialClient,
} from './support/officialClient.ts'
import { connectionRow, openWalletPopup, showConnections } from './support/popupScreens.ts'
import type { SessionResult, SessionScopes } from './support/provider.ts'
import { evmAndSolanaRequest, localSolana } from './support/solanaDapp.ts'
import { approve, writeSettings } from './support/walletUi.ts'

const mainnet = 'eip155:1'
const devnetScope = { methods: readMethods, notifications: ['eth_subscription'] }
const devnetGrant = { ...devnetScope, accounts: [`${devnet}:${firstAccount}`] }
const noSession = { sessionScopes: {}, sessionProperties: {} }

/** The scopes of every `wallet_sessionChanged` the client delivered, in order. */
const sessionChanges = async (page: Page): Promise<unknown[]> =>
  (await clientNotifications(page, 'wallet_sessionChanged')).map(
    (notification) => (notification.params as { sessionScopes: SessionScopes }).sessionScopes,
  )

type NewHeadsNotify = {
  scope: string
  notification: { method: string; params: { subscription: string; result: { number: string } } }
}

/** Block numbers of the `newHeads` events the client delivered for `subscription`, in order. */
const headsOf = async (page: Page, subscription: string): Promise<number[]> =>
  (await clientNotifications(page, 'wallet_notify'))
    .map((notification) => notification.params as NewHeadsNotify)
    .filter((params) => params.notification.params.subscription === subscription)
    .map((params) => Number(params.notification.params.result.number))

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

test.describe('the official Multichain API client with its default transport', () => {
  test('discovers Aperture by CAIP-294 and finds the extension transport among the targets', async ({
    wallet,
    dapp,
  }) => {
    const page = await openOfficialClient(wallet.context, dapp)
    const { announced, extensionId } = await page.evaluate(() => window.officialClient)
    expect(extensionId).toBe(wallet.extensionId)
    expect(announced.targets).toEqual([
      { type: 'caip-348', value: wallet.extensionId },
      { type: 'caip341', value: wallet.extensionId },
    ])
    expect(announced.rdns).toBe('dev.aperture.canary')
    await page.close()
  })

  test('creates a session, reads, subscribes, follows a popup edit and revokes, with no adapter', async ({
    wallet,
    dapp,
    anvilUrl,
    approvalWindow,
  }) => {
    await writeSettings(wallet.popup, { infuraApiKey: 'qa-infura-key' })
    try {
      const page = await openOfficialClient(wallet.context, dapp)
      const creating = clientCall<SessionResult>(page, 'createSession', {
        optionalScopes: {
          [devnet]: devnetScope,
          [mainnet]: { methods: ['eth_blockNumber'], notifications: [] },
        },
      })
      await approve(await approvalWindow())
      const sessionScopes = {
        [devnet]: devnetGrant,
        [mainnet]: {
          methods: ['eth_blockNumber'],
          notifications: ['eth_subscription'],
          accounts: [`${mainnet}:${firstAccount}`],
        },
      }
      expect(await creating).toEqual({ result: { sessionScopes, sessionProperties: {} } })
      expect(await clientCall(page, 'getSession')).toEqual({
        result: { sessionScopes, sessionProperties: {} },
      })

      await mine(anvilUrl, 1)
      expect(await clientInvoke(page, devnet, 'eth_blockNumber')).toEqual({
        result: toHex(await blockNumber(anvilUrl)),
      })
      const emitter = await deployEmitter(anvilUrl)
      const receipt = await emitLogs(anvilUrl, emitter, 25)
      const filter = {
        address: emitter,
        fromBlock: receipt.blockNumber,
        toBlock: receipt.blockNumber,
      }
      const logs = await anvilRpc<unknown[]>(anvilUrl, 'eth_getLogs', [filter])
      expect(logs).toHaveLength(25)
      expect(await clientInvoke(page, devnet, 'eth_getLogs', [filter])).toEqual({ result: logs })

      const subscribed = await clientInvoke<string>(page, devnet, 'eth_subscribe', ['newHeads'])
      const subscription = subscribed.result as string
      expect(subscription).toMatch(/^0x[0-9a-f]{32}$/)
      const from = (await blockNumber(anvilUrl)) + 1
      await mine(anvilUrl, 3)
      await expect.poll(() => headsOf(page, subscription)).toEqual(range(from, from + 2))
      const [event] = await clientNotifications(page, 'wallet_notify')
      expect(event).toMatchObject({
        jsonrpc: '2.0',
        method: 'wallet_notify',
        params: { scope: devnet, notification: { method: 'eth_subscription' } },
      })

      const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
      await showConnections(popup)
      const row = connectionRow(popup, dapp.origin)
      await row.getByTestId(`connection-chain-${mainnet}`).uncheck()
      await row.getByTestId('connection-save').click()
      await expect(row.getByTestId('connection-saved')).toBeVisible()
      await popup.close()
      await expect
        .poll(() => sessionChanges(page))
        .toEqual([sessionScopes, { [devnet]: devnetGrant }])

      expect(await clientCall(page, 'revokeSession')).toEqual({})
      expect(await sessionChanges(page)).toEqual([sessionScopes, { [devnet]: devnetGrant }, {}])
      expect(await clientCall(page, 'getSession')).toEqual({ result: noSession })
      const refused = await clientInvoke(page, devnet, 'eth_blockNumber')
      expect(refused.error).toMatchObject({ name: 'MultichainApiError', code: 4100 })
      await page.close()
    } finally {
      await writeSettings(wallet.popup, { infuraApiKey: '' })
    }
  })

  test("revokeSession({ scopes }) of the Solana scope, as the reference wallet's Solana wallet disconnects: the EVM scope, its accounts and the EIP-1193 connection stay", async ({
    wallet,
    dapp,
    approvalWindow,
  }) => {
    const first = firstAccount.toLowerCase()
    const page = await openOfficialClient(wallet.context, dapp)
    await recordProviderEvents(page)
    const creating = clientCall<SessionResult>(page, 'createSession', evmAndSolanaRequest)
    await approve(await approvalWindow())
    const created = (await creating).result
    expect(Object.keys(created?.sessionScopes ?? {}).sort()).toEqual([devnet, localSolana].sort())
    await expect.poll(() => accountsChanges(page)).toEqual([[first]])

    expect(await clientCall(page, 'revokeSession', { scopes: [localSolana] })).toEqual({})
    const kept = { [devnet]: created?.sessionScopes[devnet] }
    await expect.poll(async () => (await sessionChanges(page)).at(-1)).toEqual(kept)
    expect(await clientCall(page, 'getSession')).toEqual({
      result: { sessionScopes: kept, sessionProperties: {} },
    })
    expect(await ethereumAccounts(page)).toEqual([first])
    expect(await accountsChanges(page)).toEqual([[first]])
    await page.close()
  })

  test('keeps working when the service worker is stopped mid-way: the session, a pending approval and a subscription survive', async ({
    wallet,
    dapp,
    anvilUrl,
    approvalWindow,
    serviceWorker,
  }) => {
    const page = await openOfficialClient(wallet.context, dapp)
    const creating = clientCall<SessionResult>(page, 'createSession', {
      optionalScopes: { [devnet]: devnetScope },
    })
    const approval = await approvalWindow()
    await serviceWorker.stop()
    await approve(approval)
    const sessionScopes = { [devnet]: devnetGrant }
    expect(await creating).toEqual({ result: { sessionScopes, sessionProperties: {} } })

    const subscribed = await clientInvoke<string>(page, devnet, 'eth_subscribe', ['newHeads'])
    const subscription = subscribed.result as string
    const from = (await blockNumber(anvilUrl)) + 1
    await mine(anvilUrl, 2)
    await expect.poll(() => headsOf(page, subscription)).toEqual(range(from, from + 1))

    await serviceWorker.stop()
    expect(await clientInvoke(page, devnet, 'eth_blockNumber')).toEqual({
      result: toHex(from + 1),
    })
    expect(await clientCall(page, 'getSession')).toEqual({
      result: { sessionScopes, sessionProperties: {} },
    })
    await mine(anvilUrl, 3)
    await expect.poll(() => headsOf(page, subscription)).toEqual(range(from, from + 4))

    await serviceWorker.stop()
    await mine(anvilUrl, 2)
    await expect.poll(() => headsOf(page, subscription)).toEqual(range(from, from + 6))
    expect(serviceWorker.stops).toBe(3)
    expect(await sessionChanges(page)).toEqual([sessionScopes])
    expect(await clientCall(page, 'revokeSession')).toEqual({})
    await page.close()
  })

  test('a second origin is isolated: it sees no session, no notification, and is refused', async ({
    wallet,
    dapp,
    otherDapp,
    approvalWindow,
  }) => {
    const page = await openOfficialClient(wallet.context, dapp)
    const other = await openOfficialClient(wallet.context, otherDapp)
    const creating = clientCall(page, 'createSession', {
      optionalScopes: { [devnet]: devnetScope },
    })
    await approve(await approvalWindow())
    expect((await creating).result).toBeDefined()

    expect(await clientCall(other, 'getSession')).toEqual({ result: noSession })
    const refused = await clientInvoke(other, devnet, 'eth_blockNumber')
    expect(refused.error).toMatchObject({ code: 4100 })
    expect(await clientCall(page, 'revokeSession')).toEqual({})
    expect(await sessionChanges(page)).toEqual([{ [devnet]: devnetGrant }, {}])
    expect(await clientNotifications(other)).toEqual([])
    await page.close()
    await other.close()
  })

  test('a port from a frame without an http(s) origin (sandboxed: opaque) is disconnected unanswered', async ({
    wallet,
    dapp,
  }) => {
    const page = await wallet.context.newPage()
    // `goto` waits for the load event, which waits for the frame's: its listener is in place.
    await page.goto(dapp.pageUrl('sandboxed-client.html'))
    const outcome = await page.evaluate(
      (extensionId) =>
        new Promise((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.data?.sandboxedOutcome) resolve(event.data.sandboxedOutcome)
          })
          document.querySelector('iframe')?.contentWindow?.postMessage({ extensionId }, '*')
        }),
      wallet.extensionId,
    )
    expect(outcome).toEqual({ connect: 'disconnected', messages: [] })
    await page.close()
  })

  test("a scope asked with methods: [] and notifications: [] gets the chain's standard set, listed in the approval", async ({
    wallet,
    dapp,
    anvilUrl,
    approvalWindow,
  }) => {
    const page = await openOfficialClient(wallet.context, dapp)
    const creating = clientCall<SessionResult>(page, 'createSession', {
      optionalScopes: { [devnet]: { methods: [], notifications: [] } },
    })
    const approval = await approvalWindow()
    const listed = approval
      .getByTestId(`approval-chain-${devnet}`)
      .locator('xpath=ancestor::div[.//details][1]//details')
    await listed.locator('summary').click()
    for (const name of [...walletScopeMethods, 'eth_subscription']) {
      await expect(listed).toContainText(name)
    }
    await approve(approval)
    const granted = (await creating).result?.sessionScopes[devnet]
    expect(granted?.methods).toEqual(expect.arrayContaining([...walletScopeMethods]))
    expect(granted?.notifications).toEqual(['eth_subscription'])
    expect(await clientInvoke(page, devnet, 'eth_getBalance', [firstAccount, 'latest'])).toEqual({
      result: await anvilRpc(anvilUrl, 'eth_getBalance', [firstAccount, 'latest']),
    })
    expect(await clientCall(page, 'revokeSession')).toEqual({})
    await page.close()
  })

  test('wallet_addEthereumChain on wallet:eip155: rejected is 4001, approved adds a grantable network', async ({
    wallet,
    dapp,
    approvalWindow,
  }) => {
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    const added = 'eip155:1337'
    try {
      const page = await openOfficialClient(wallet.context, dapp)
      const creating = clientCall<SessionResult>(page, 'createSession', {
        optionalScopes: {
          'wallet:eip155': { methods: ['wallet_addEthereumChain'], notifications: [] },
        },
      })
      await approve(await approvalWindow())
      expect((await creating).result?.sessionScopes).toEqual({
        'wallet:eip155': {
          methods: ['wallet_addEthereumChain'],
          notifications: [],
          accounts: [`wallet:eip155:${firstAccount}`],
        },
      })
      const addChain = {
        chainId: '0x539',
        chainName: 'Second devnet',
        rpcUrls: [second.httpUrl, second.wsUrl],
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      }
      const invokeAdd = () =>
        clientInvoke(page, 'wallet:eip155', 'wallet_addEthereumChain', [addChain])

      const refused = invokeAdd()
      const first = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(first.getByTestId('confirm-network-name')).toHaveText('Second devnet')
      // The chain is not in the wallet yet: the header names it as the dapp asked, with its id.
      await expect(first.getByTestId('confirm-chain')).toHaveText(`Second devnet · ${added}`)
      await expect(first.getByTestId('confirm-network-rpc-url')).toHaveText(second.httpUrl)
      // The window closes once its queue is empty; wait, so the next one found is a new one.
      const firstClosed = first.waitForEvent('close')
      await answerConfirmation(first, 'reject')
      await firstClosed
      expect((await refused).error).toMatchObject({ code: 4001 })

      const accepted = invokeAdd()
      const again = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(again.getByTestId('confirm-network-chain-id')).toHaveText(added)
      const againClosed = again.waitForEvent('close')
      // A node on loopback: checked only once the user allows it (docs/security.md).
      await addProposedNetwork(again, { allowLocal: true, screen: 'confirm-add-network' })
      await againClosed
      expect(await accepted).toEqual({ result: null })

      // The same node proposed as another chain: the window says so, the page is told 4001.
      const wrongChain = clientInvoke(page, 'wallet:eip155', 'wallet_addEthereumChain', [
        { ...addChain, chainId: '0x1092' },
      ])
      const third = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await third.getByTestId('confirm-network-allow-local').check()
      await third.getByTestId('confirm-network-check').click()
      await expect(third.getByTestId('confirm-network-check-result')).toHaveText(
        'This endpoint serves eip155:1337, not eip155:4242.',
      )
      await expect(third.getByTestId('confirm-approve')).toBeDisabled()
      const thirdClosed = third.waitForEvent('close')
      await answerConfirmation(third, 'reject')
      await thirdClosed
      const wrongAnswer = (await wrongChain).error
      expect(wrongAnswer).toMatchObject({ code: 4001, message: 'User rejected the request.' })
      expect(wrongAnswer?.data).toBeUndefined()

      const granting = clientCall<SessionResult>(page, 'createSession', {
        optionalScopes: { [added]: { methods: ['eth_chainId'], notifications: [] } },
      })
      await approve(await approvalWindow())
      expect(Object.keys((await granting).result?.sessionScopes ?? {})).toEqual([added])
      expect(await clientInvoke(page, added, 'eth_chainId')).toEqual({ result: '0x539' })
      expect(await clientCall(page, 'revokeSession')).toEqual({})
      await page.close()
    } finally {
      await wallet.popup.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))
      await second.close()
    }
  })
})
