import type { Locator, Page } from '@playwright/test'
import { getAddress } from 'viem'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount, mine, secondAccount } from './support/anvil.ts'
import {
  addProposedNetwork,
  answerConfirmation,
  waitForConfirmation,
} from './support/confirmations.ts'
import { startNodeEndpoint } from './support/endpoint.ts'
import { chainOf, openViemDapp, openWagmiDapp, providerEvents } from './support/ethereumDapps.ts'
import {
  connectionRow,
  openWalletPopup,
  originOf,
  popupSize,
  showConnections,
} from './support/popupScreens.ts'
import { request, type SessionResult } from './support/provider.ts'
import { deployTestToken } from './support/testToken.ts'
import { addAccount, approve, reject, saveScreen, unlock } from './support/walletUi.ts'

const first = firstAccount.toLowerCase()

/**
 * Answers the request the confirmation window shows and waits for the window to close (it closes
 * itself once nothing else waits), so that the next request meets a fresh window.
 */
async function answerAndClose(window: Page, answer: 'approve' | 'reject', screen?: string) {
  const closed = window.waitForEvent('close')
  await answerConfirmation(window, answer, screen)
  await closed
}

test.describe('the EIP-1193 provider', () => {
  test('is announced by EIP-6963 with its info and a real icon, and is window.ethereum, writable and configurable', async ({
    openDapp,
  }) => {
    const page = await openDapp(undefined, 'viem.html')
    const found = await page.evaluate(async () => {
      const details: Array<{ info: Record<string, string>; provider: unknown }> = []
      window.addEventListener('eip6963:announceProvider', (event) => {
        details.push((event as CustomEvent).detail)
      })
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      // Announced synchronously: the dispatch above has already been answered.
      const [detail] = details
      if (!detail) return undefined
      const image = new Image()
      image.src = detail.info.icon ?? ''
      await image.decode()
      const provider = detail.provider as Record<string, unknown>
      return {
        count: details.length,
        info: detail.info,
        frozen: Object.isFrozen(detail) && Object.isFrozen(detail.info),
        icon: { width: image.naturalWidth, height: image.naturalHeight },
        isWindowEthereum: (window as { ethereum?: unknown }).ethereum === detail.provider,
        windowEthereum: (({ writable, configurable }: PropertyDescriptor) => ({
          writable,
          configurable,
        }))(Object.getOwnPropertyDescriptor(window, 'ethereum') ?? {}),
        flags: [provider.isAperture, provider.isMetaMask],
        extensible: Object.isExtensible(provider),
      }
    })
    expect(found).toMatchObject({
      count: 1,
      info: { name: 'Aperture', rdns: 'dev.aperture.canary' },
      frozen: true,
      isWindowEthereum: true,
      windowEthereum: { writable: true, configurable: true },
      flags: [true, true],
      extensible: true,
    })
    expect(found?.info.icon).toMatch(/^data:image\//)
    expect(found?.icon.width).toBeGreaterThanOrEqual(96)
    expect(found?.icon.height).toBeGreaterThanOrEqual(96)
  })

  test("leaves a page's own window.ethereum in place and is still found through EIP-6963", async ({
    wallet,
    dapp,
  }) => {
    const page = await wallet.context.newPage()
    try {
      // Another wallet that got there first: its provider is set before any extension script.
      await page.addInitScript(() => {
        Object.assign(window, { ethereum: { isOtherWallet: true, on: () => undefined } })
      })
      await page.goto(dapp.pageUrl('viem.html'))
      await page.waitForFunction(() => window.viemDapp !== undefined)
      expect(await page.evaluate(() => window.viemDapp.discover())).toMatchObject({
        rdns: 'dev.aperture.canary',
      })
      expect(
        await page.evaluate(() => {
          const { ethereum } = window as { ethereum?: Record<string, unknown> }
          return { isOtherWallet: ethereum?.isOtherWallet, isAperture: ethereum?.isAperture }
        }),
      ).toEqual({ isOtherWallet: true, isAperture: undefined })
    } finally {
      await page.close()
    }
  })

  test('viem reads before connecting, connects through the approval window, and the session is the Multichain API one', async ({
    openDapp,
    endpoint,
    approvalWindow,
  }) => {
    const page = await openViemDapp(openDapp)
    const chain = chainOf(endpoint)
    await expect.poll(() => providerEvents(page)).toEqual([['connect', { chainId: '0x7a69' }]])
    expect(await page.evaluate((chain) => window.viemDapp.getChainId(chain), chain)).toEqual({
      result: 31337,
    })
    expect(await page.evaluate((chain) => window.viemDapp.blockNumber(chain), chain)).toEqual({
      result: expect.stringMatching(/^\d+$/),
    })
    expect(await page.evaluate((chain) => window.viemDapp.getAddresses(chain), chain)).toEqual({
      result: [],
    })

    const pending = page.evaluate((chain) => window.viemDapp.requestAddresses(chain), chain)
    const approval = await approvalWindow()
    await expect(approval.getByTestId(`approval-chain-${devnet}`)).toBeChecked()
    await approve(approval, { accounts: [firstAccount] })
    expect(await pending).toEqual({ result: [firstAccount] })
    await expect
      .poll(() => providerEvents(page))
      .toEqual([
        ['connect', { chainId: '0x7a69' }],
        ['accountsChanged', [first]],
      ])

    // The same session, seen through window.aperture on the same origin.
    const session = await request<SessionResult>(page, 'wallet_getSession', {})
    expect(session.result?.sessionScopes[devnet]?.accounts).toEqual([`${devnet}:${firstAccount}`])
    expect(session.result?.sessionScopes[devnet]?.methods).toContain('personal_sign')
  })

  test('viem signs a message and typed data that verify, personal_ecRecover names the message signer, and viem sends a transaction that is mined; nothing it answered is pending after a worker stop', async ({
    ethereumPage: page,
    endpoint,
    wallet,
    serviceWorker,
  }) => {
    const chain = chainOf(endpoint)

    const signing = page.evaluate(
      ({ chain, address }) => window.viemDapp.signMessage(chain, address, 'hello from viem'),
      { chain, address: firstAccount },
    )
    const window1 = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window1.getByTestId('confirm-message')).toContainText('hello from viem')
    await answerAndClose(window1, 'approve')
    const signed = await signing
    expect(signed).toEqual({ result: { signature: expect.any(String), valid: true } })
    // Computed in the worker, without a window: the signer, lowercase.
    const recover = (message: string) =>
      page.evaluate(
        ({ message, signature }) =>
          window.viemDapp.request('personal_ecRecover', [message, signature]),
        { message, signature: signed.result?.signature },
      )
    expect(await recover('hello from viem')).toEqual({ result: first })
    const otherSigner = await recover('another message')
    expect(otherSigner.result).toMatch(/^0x[0-9a-f]{40}$/)
    expect(otherSigner.result).not.toBe(first)

    const typed = page.evaluate(
      ({ chain, address }) => window.viemDapp.signTypedData(chain, address),
      { chain, address: firstAccount },
    )
    const window2 = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window2.getByTestId('confirm-typed-data')).toContainText('Hello, Bob!')
    await answerAndClose(window2, 'approve')
    expect(await typed).toEqual({ result: { signature: expect.any(String), valid: true } })

    const sent = page.evaluate(
      ({ chain, from, to }) => window.viemDapp.sendTransaction(chain, from, to, '0.01'),
      { chain, from: firstAccount, to: secondAccount },
    )
    const window3 = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window3.getByTestId('confirm-tx-to')).toContainText(secondAccount)
    await answerAndClose(window3, 'approve')
    expect(await sent).toEqual({
      result: { hash: expect.stringMatching(/^0x[0-9a-f]{64}$/), status: 'success' },
    })

    const refused = page.evaluate(
      ({ chain, address }) => window.viemDapp.signMessage(chain, address, 'no, thanks'),
      { chain, address: firstAccount },
    )
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'reject',
    )
    expect((await refused).error?.code).toBe(4001)

    // Each answered request's record was released by the page request's own identity: a new
    // worker loads none of them as waiting (they would show before the next request's).
    await serviceWorker.stop()
    expect(
      await wallet.popup.evaluate(() => chrome.runtime.sendMessage({ type: 'confirmations:list' })),
    ).toEqual({ ok: true, result: [] })
  })

  test('refusals carry their codes: 4001 rejected, 4100 not connected, 4902 unknown chain, 4200 unsupported', async ({
    openDapp,
    endpoint,
    approvalWindow,
  }) => {
    const page = await openViemDapp(openDapp)
    const chain = chainOf(endpoint)
    const signing = await page.evaluate(
      ({ chain, address }) => window.viemDapp.signMessage(chain, address, 'not connected'),
      { chain, address: firstAccount },
    )
    expect(signing.error?.code).toBe(4100)

    const pending = page.evaluate((chain) => window.viemDapp.requestAddresses(chain), chain)
    await reject(await approvalWindow())
    expect((await pending).error?.code).toBe(4001)

    const unknown = await page.evaluate(
      (chain) =>
        window.viemDapp.switchChain(chain, {
          id: 4242,
          name: 'Nowhere',
          rpcUrl: 'http://127.0.0.1:9/',
        }),
      chain,
    )
    expect(unknown.error?.code).toBe(4902)
    expect(await page.evaluate(() => window.viemDapp.request('eth_coinbase'))).toMatchObject({
      error: { code: 4200 },
    })
  })

  test('a Multichain API session reaches the EIP-1193 listeners, and an EIP-1193 revoke reaches the Multichain API ones', async ({
    openDapp,
    endpoint,
    connect,
  }) => {
    const page = await openViemDapp(openDapp)
    await expect.poll(() => providerEvents(page)).toEqual([['connect', { chainId: '0x7a69' }]])
    await page.evaluate(() => {
      const recorded: unknown[] = []
      Object.assign(window, { sessionChanges: recorded })
      window.aperture?.on('wallet_sessionChanged', (params) => recorded.push(params))
    })
    const sessionChanges = () =>
      page.evaluate(() => (window as unknown as { sessionChanges: unknown[] }).sessionChanges)
    await connect(page, {
      optionalScopes: {
        [devnet]: {
          methods: ['personal_sign', 'eth_accounts'],
          notifications: [],
          accounts: [`${devnet}:${firstAccount}`],
        },
      },
    })
    await expect
      .poll(() => providerEvents(page))
      .toEqual([
        ['connect', { chainId: '0x7a69' }],
        ['accountsChanged', [first]],
      ])
    expect(
      await page.evaluate((chain) => window.viemDapp.getAddresses(chain), chainOf(endpoint)),
    ).toEqual({ result: [getAddress(firstAccount)] })

    expect(
      await page.evaluate(() =>
        window.viemDapp.request('wallet_revokePermissions', [{ eth_accounts: {} }]),
      ),
    ).toEqual({ result: null })
    await expect
      .poll(async () => (await providerEvents(page)).at(-1))
      .toEqual(['accountsChanged', []])
    expect(await request(page, 'wallet_getSession', {})).toEqual({
      result: { sessionScopes: {}, sessionProperties: {} },
    })
    await expect.poll(async () => (await sessionChanges()).at(-1)).toEqual({ sessionScopes: {} })
    expect(await sessionChanges()).toHaveLength(2)
  })

  test('viem adds a second anvil in one confirmation and switches to it; another origin stays on its chain', async ({
    openDapp,
    otherDapp,
    endpoint,
    wallet,
    connectEthereum,
  }) => {
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    try {
      const chain = chainOf(endpoint)
      const added = chainOf(second, 1337)
      const page = await openViemDapp(openDapp)
      const other = await openViemDapp(openDapp, otherDapp)
      await connectEthereum(page)

      const adding = page.evaluate(({ chain, added }) => window.viemDapp.addChain(chain, added), {
        chain,
        added,
      })
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-network-chain-id')).toContainText('1337')
      const closed = confirmation.waitForEvent('close')
      await addProposedNetwork(confirmation, { allowLocal: true })
      await closed
      expect((await adding).error).toBeUndefined()

      expect(await page.evaluate(() => window.viemDapp.request('eth_chainId'))).toEqual({
        result: '0x539',
      })
      expect(await page.evaluate(() => window.viemDapp.request('eth_blockNumber'))).toEqual({
        result: expect.stringMatching(/^0x/),
      })
      await expect
        .poll(async () => (await providerEvents(page)).at(-1))
        .toEqual(['chainChanged', '0x539'])
      const session = await request<SessionResult>(page, 'wallet_getSession', {})
      expect(Object.keys(session.result?.sessionScopes ?? {})).toContain('eip155:1337')

      // The wallet's own Home stays on its network: the site's chain is the site's.
      const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
      try {
        await expect(popup.getByTestId('home-network').locator('option')).toContainText([
          /eip155:1337/,
        ])
        await expect(popup.getByTestId('home-network')).toHaveValue(devnet)
      } finally {
        await popup.close()
      }

      // The other origin is untouched: its chain, its events.
      expect(await other.evaluate(() => window.viemDapp.request('eth_chainId'))).toEqual({
        result: '0x7a69',
      })
      expect(await providerEvents(other)).toEqual([['connect', { chainId: '0x7a69' }]])

      // Back and forth among the session's chains, without a window.
      const switched = await page.evaluate(
        ({ chain, to }) => window.viemDapp.switchChain(chain, to),
        { chain: added, to: chain },
      )
      expect(switched.error).toBeUndefined()
      expect(await page.evaluate(() => window.viemDapp.request('net_version'))).toEqual({
        result: '31337',
      })
    } finally {
      await wallet.popup.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))
      await second.close()
    }
  })

  test('eth_subscribe delivers newHeads as message events until eth_unsubscribe', async ({
    ethereumPage: page,
    anvilUrl,
  }) => {
    const subscribed = await page.evaluate(() =>
      window.viemDapp.request('eth_subscribe', ['newHeads']),
    )
    const subscription = subscribed.result as string
    expect(subscription).toMatch(/^0x/)
    await mine(anvilUrl, 2)
    const heads = async () =>
      (await providerEvents(page)).filter(
        ([name, value]) =>
          name === 'message' &&
          (value as { type: string; data: { subscription: string } }).data.subscription ===
            subscription,
      )
    await expect.poll(async () => (await heads()).length).toBeGreaterThanOrEqual(2)
    const [[, first]] = (await heads()) as [[string, { type: string; data: { result: unknown } }]]
    expect(first.type).toBe('eth_subscription')
    expect(first.data.result).toMatchObject({ number: expect.stringMatching(/^0x/) })
    expect(
      await page.evaluate((id) => window.viemDapp.request('eth_unsubscribe', [id]), subscription),
    ).toEqual({ result: true })
  })

  test('a worker stopped while eth_requestAccounts waits: one window, one answer', async ({
    openDapp,
    endpoint,
    approvalWindow,
    serviceWorker,
  }) => {
    const page = await openViemDapp(openDapp)
    const chain = chainOf(endpoint)
    const pending = page.evaluate((chain) => window.viemDapp.requestAddresses(chain), chain)
    const approval = await approvalWindow()
    await serviceWorker.stop()
    await approve(approval, { accounts: [firstAccount] })
    expect(await pending).toEqual({ result: [firstAccount] })
    expect(await page.evaluate(() => window.viemDapp.request('eth_accounts'))).toEqual({
      result: [first],
    })
    await serviceWorker.stop()
    expect(await page.evaluate(() => window.viemDapp.request('eth_chainId'))).toEqual({
      result: '0x7a69',
    })
    const events = await providerEvents(page)
    expect(events.filter(([name]) => name === 'connect')).toHaveLength(1)
    expect(events.filter(([name]) => name === 'disconnect')).toEqual([])
  })
})

test.describe('wagmi core', () => {
  test('connects through its EIP-6963 connector, switches chain, signs and disconnects', async ({
    openDapp,
    endpoint,
    wallet,
    approvalWindow,
  }) => {
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    try {
      await wallet.popup.evaluate(
        (network) => chrome.storage.local.set({ customNetworks: [network] }),
        {
          chainId: 'eip155:1337',
          name: 'Second devnet',
          rpcUrl: second.httpUrl,
          wsUrl: second.wsUrl,
        },
      )
      const page = await openWagmiDapp(openDapp, [chainOf(endpoint), chainOf(second, 1337)])
      expect(await page.evaluate(() => window.wagmiDapp.connectors())).toContainEqual({
        id: 'dev.aperture.canary',
        name: 'Aperture',
        type: 'injected',
      })

      const connecting = page.evaluate(() => window.wagmiDapp.connect())
      await approve(await approvalWindow(), { accounts: [firstAccount] })
      expect(await connecting).toEqual({ result: { accounts: [firstAccount], chainId: 31337 } })
      expect(await page.evaluate(() => window.wagmiDapp.account())).toMatchObject({
        address: firstAccount,
        chainId: 31337,
        status: 'connected',
      })

      // Both devnets were approved: the switch needs no window.
      expect(await page.evaluate(() => window.wagmiDapp.switchChain(1337))).toEqual({
        result: 1337,
      })
      await expect.poll(() => page.evaluate(() => window.wagmiDapp.account().chainId)).toBe(1337)

      const signing = page.evaluate(() => window.wagmiDapp.signMessage('hello from wagmi'))
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-chain')).toContainText('eip155:1337')
      await answerAndClose(confirmation, 'approve')
      expect(await signing).toEqual({ result: { signature: expect.any(String), valid: true } })

      expect(await page.evaluate(() => window.wagmiDapp.disconnect())).toEqual({
        result: undefined,
      })
      expect(await page.evaluate(() => window.wagmiDapp.account().status)).toBe('disconnected')
    } finally {
      await wallet.popup.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))
      await second.close()
    }
  })
})

/** Where `locator`'s box ends on the right, in CSS pixels of the page. */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  if (box === null) throw new Error(`${locator} is not rendered`)
  return box.x + box.width
}

test.describe('the Connections screen and the EIP-1193 provider', () => {
  test("shows each site's chain and active account; changing the active account reorders that site's accounts only, and locking sends nothing", async ({
    openDapp,
    otherDapp,
    wallet,
    connectEthereum,
  }) => {
    const second = secondAccount.toLowerCase()
    // The wallet's second account (another spec of this worker may have added it already).
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await expect(popup.getByTestId(`home-account-${first}`)).toBeVisible()
    if ((await popup.getByTestId(`home-account-${second}`).count()) === 0) {
      await addAccount(popup, secondAccount)
    }
    const pages = [await openViemDapp(openDapp), await openViemDapp(openDapp, otherDapp)]
    for (const page of pages) await connectEthereum(page, [firstAccount, secondAccount])
    const [page, other] = pages as [Page, Page]
    const eventsBefore = (await providerEvents(other)).length

    try {
      await showConnections(popup)
      const row = connectionRow(popup, originOf(page))
      await expect(row.getByTestId('connection-chain-active')).toContainText(devnet)
      const select = row.getByTestId('connection-active-account')
      await expect(select).toHaveValue(first)
      // Each account by name and short address, as everywhere in the popup; the block fits its card.
      const block = row.getByTestId('connection-ethereum')
      for (const width of [popupSize.width, 400]) {
        await popup.setViewportSize({ ...popupSize, width })
        await saveScreen(popup, `connections-ethereum-${width}`)
        expect(await rightEdge(row)).toBeLessThanOrEqual(width)
        expect(await rightEdge(block)).toBeLessThanOrEqual(await rightEdge(row))
        expect(await rightEdge(select)).toBeLessThanOrEqual(await rightEdge(block))
      }
      await popup.setViewportSize(popupSize)
      await expect(select.locator('option')).toHaveText([
        'Account 1 · 0xf39F…2266',
        'Account 2 · 0x7099…79C8',
      ])
      await select.selectOption(second)
      await expect
        .poll(async () => (await providerEvents(page)).at(-1))
        .toEqual(['accountsChanged', [second, first]])
      await expect(select).toHaveValue(second)
      expect(await page.evaluate(() => window.viemDapp.request('eth_accounts'))).toEqual({
        result: [second, first],
      })
      const permissions = await page.evaluate(() =>
        window.viemDapp.request('wallet_getPermissions'),
      )
      expect(permissions.result).toMatchObject([
        { parentCapability: 'eth_accounts', caveats: [{ value: [second, first] }] },
        { parentCapability: 'endowment:permitted-chains' },
      ])
      expect(await providerEvents(other)).toHaveLength(eventsBefore)
      expect(await other.evaluate(() => window.viemDapp.request('eth_accounts'))).toEqual({
        result: [first, second],
      })

      // A popup edit of the session reaches the provider too.
      await row.getByTestId(`connection-account-${first}`).setChecked(false)
      await row.getByTestId('connection-save').click()
      await expect
        .poll(async () => (await providerEvents(page)).at(-1))
        .toEqual(['accountsChanged', [second]])
      await expect(row.getByTestId('connection-active-account')).toHaveValue(second)

      // Locking is not a disconnect: no event, and eth_accounts is unchanged.
      const eventsAtLock = (await providerEvents(page)).length
      await popup.getByTestId('nav-home').click()
      await popup.getByTestId('lock').click()
      await expect(popup.getByTestId('unlock-password')).toBeVisible()
      expect(await page.evaluate(() => window.viemDapp.request('eth_accounts'))).toEqual({
        result: [second],
      })
      expect(await providerEvents(page)).toHaveLength(eventsAtLock)
      await unlock(popup)
    } finally {
      await popup.close()
    }
  })
})

test.describe('wallet_watchAsset', () => {
  test('a confirmation adds the ERC-20 token, and Home shows it with its balance', async ({
    openDapp,
    endpoint,
    anvilUrl,
    wallet,
  }) => {
    const token = await deployTestToken(anvilUrl, 1_234n * 10n ** 18n)
    const page = await openViemDapp(openDapp)
    const watching = page.evaluate(
      ({ chain, token }) => window.viemDapp.watchAsset(chain, token, 'TST', 18),
      { chain: chainOf(endpoint), token },
    )
    const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(confirmation.getByTestId('confirm-token-symbol')).toHaveText('TST')
    await expect(confirmation.getByTestId('confirm-token-address')).toHaveText(getAddress(token))
    await expect(confirmation.getByTestId('confirm-token-decimals')).toHaveText('18')
    await answerAndClose(confirmation, 'approve', 'confirm-watch-asset')
    expect(await watching).toEqual({ result: true })

    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    try {
      const row = popup.getByTestId(`home-token-${token.toLowerCase()}`)
      await expect(row).toContainText('TST')
      await expect(row).toContainText('1234 TST')
    } finally {
      await popup.close()
    }

    const rejected = page.evaluate(
      ({ chain, token }) => window.viemDapp.watchAsset(chain, token, 'TST', 18),
      { chain: chainOf(endpoint), token },
    )
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'reject',
    )
    expect((await rejected).error?.code).toBe(4001)
  })
})
