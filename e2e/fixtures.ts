import { test as base, expect, type Page } from '@playwright/test'
import { getAddress } from 'viem'
import { firstAccount } from './support/anvil.ts'
import { anvilOf, type RunningEndpoint, startNodeEndpoint } from './support/endpoint.ts'
import { chainOf, openViemDapp } from './support/ethereumDapps.ts'
import { type PageOrFrame, request, type SessionResult } from './support/provider.ts'
import { type ServedDapp, serveDapp } from './support/serveDapp.ts'
import { controlServiceWorker, type WorkerControl } from './support/serviceWorker.ts'
import { type ReadyWallet, startReadyWallet } from './support/wallet.ts'
import { approvalWindows, approve, waitForApprovalWindow } from './support/walletUi.ts'

/** The Local devnet's chain id. */
export const devnet = 'eip155:31337'

/** The read methods most specs ask for. */
export const readMethods = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getLogs',
  'eth_newFilter',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_sendRawTransaction',
  'eth_subscribe',
  'eth_unsubscribe',
]

/** `eth_blockNumber` on the Local devnet: the smallest session a spec asks for. */
export const blockNumberRequest = {
  optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
}

/** What `blockNumberRequest` grants approved as offered (notifications: the chain's standard set). */
export const blockNumberSession = {
  sessionScopes: {
    [devnet]: {
      methods: ['eth_blockNumber'],
      notifications: ['eth_subscription'],
      accounts: [`${devnet}:${firstAccount}`],
    },
  },
  sessionProperties: {},
}

/** A session on the Local devnet with `readMethods` and `eth_subscription`. */
export const defaultSessionRequest = {
  optionalScopes: { [devnet]: { methods: readMethods, notifications: ['eth_subscription'] } },
}

type WorkerFixtures = {
  /** The node endpoint on a free port, with its embedded anvil. */
  endpoint: RunningEndpoint
  /** anvil's own JSON-RPC URL: test set-up (mining, deploying) goes here, not through the endpoint. */
  anvilUrl: string
  /** Chromium with the extension, onboarded, Local devnet pointed at `endpoint`. */
  wallet: ReadyWallet
}

type TestFixtures = {
  /**
   * The demo dapp on a port this worker never served a dapp on: a fresh origin (so no session)
   * for every test.
   */
  dapp: ServedDapp
  /** The demo dapp on another port: a second origin. */
  otherDapp: ServedDapp
  /** A tab with the demo dapp loaded and `window.aperture` present. */
  dappPage: Page
  /** Opens another tab of a dapp (default: `dapp`). */
  openDapp: (served?: ServedDapp, path?: string) => Promise<Page>
  /** The approval window that the pending `wallet_createSession` opened. */
  approvalWindow: (options?: { locked?: boolean }) => Promise<Page>
  /**
   * Calls `wallet_createSession` from `page`, approves it in the approval window (with the given
   * selection) and returns the result.
   */
  connect: (
    page: PageOrFrame,
    params?: unknown,
    selection?: { accounts?: string[]; chains?: string[] },
  ) => Promise<SessionResult>
  /**
   * What `sessionPage`'s session asks for (default `defaultSessionRequest`): a spec or a describe
   * sets its own with `test.use({ sessionRequest })`.
   */
  sessionRequest: unknown
  /**
   * `dappPage` holding a session for its origin, asked as `sessionRequest` says and approved as
   * offered: a wallet with a session for this page, where a spec starts when connecting is not what
   * it tests.
   */
  sessionPage: Page
  /**
   * EIP-1193 `eth_requestAccounts` from a viem page (`openViemDapp`) on the Local devnet, approved
   * with `accounts` (default the first); resolves with the accounts the page got.
   */
  connectEthereum: (page: Page, accounts?: string[]) => Promise<string[]>
  /** The viem page (`viem.html`) of `dapp`, connected through EIP-1193 with the first account. */
  ethereumPage: Page
  /** Stops the extension's service worker on demand (CDP). */
  serviceWorker: WorkerControl
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  endpoint: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const endpoint = await startNodeEndpoint({ port: 0 })
      await use(endpoint)
      await endpoint.close()
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  anvilUrl: [async ({ endpoint }, use) => use(anvilOf(endpoint).rpcUrl), { scope: 'worker' }],
  wallet: [
    async ({ endpoint }, use) => {
      const wallet = await startReadyWallet(endpoint, { screenshots: true })
      await use(wallet)
      await wallet.close()
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  dapp: async ({}, use) => {
    const dapp = await serveDapp()
    await use(dapp)
    await dapp.close()
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  otherDapp: async ({}, use) => {
    const dapp = await serveDapp()
    await use(dapp)
    await dapp.close()
  },
  openDapp: async ({ wallet, dapp }, use) => {
    const opened: Page[] = []
    await use(async (served = dapp, path = '') => {
      const page = await wallet.context.newPage()
      opened.push(page)
      await page.goto(served.pageUrl(path))
      if (path === '') await expect(page.getByTestId('provider-status')).toHaveText('installed')
      return page
    })
    for (const page of opened) await page.close()
    for (const leftOver of approvalWindows(
      wallet.context,
      wallet.extensionOrigin,
      wallet.popupUrl,
    )) {
      await leftOver.close()
    }
  },
  dappPage: async ({ openDapp }, use) => {
    await use(await openDapp())
  },
  approvalWindow: async ({ wallet }, use) => {
    await use((options) =>
      waitForApprovalWindow(wallet.context, wallet.extensionOrigin, wallet.popupUrl, options),
    )
  },
  connect: async ({ approvalWindow }, use) => {
    await use(async (page, params = defaultSessionRequest, selection = {}) => {
      const pending = request<SessionResult>(page, 'wallet_createSession', params)
      await approve(await approvalWindow(), selection)
      const outcome = await pending
      if (outcome.error)
        throw new Error(`wallet_createSession failed: ${JSON.stringify(outcome.error)}`)
      return outcome.result
    })
  },
  sessionRequest: [defaultSessionRequest, { option: true }],
  sessionPage: async ({ dappPage, connect, sessionRequest }, use) => {
    await connect(dappPage, sessionRequest)
    await use(dappPage)
  },
  connectEthereum: async ({ endpoint, approvalWindow }, use) => {
    await use(async (page, accounts = [firstAccount]) => {
      const pending = page.evaluate(
        (chain) => window.viemDapp.requestAddresses(chain),
        chainOf(endpoint),
      )
      await approve(await approvalWindow(), { accounts })
      const granted = accounts.map((account) => getAddress(account))
      expect(await pending).toEqual({ result: granted })
      return granted
    })
  },
  ethereumPage: async ({ openDapp, connectEthereum }, use) => {
    const page = await openViemDapp(openDapp)
    await connectEthereum(page)
    await use(page)
  },
  serviceWorker: async ({ wallet, dappPage }, use) => {
    const control = await controlServiceWorker(dappPage, wallet.extensionId)
    await use(control)
    await control.dispose()
  },
})

export { expect }
