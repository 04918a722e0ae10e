import { devnet, expect, test } from './fixtures.ts'
import { firstAccount, secondAccount } from './support/anvil.ts'
import { request, resultOf, type SessionResult, type SessionScopes } from './support/provider.ts'
import {
  addAccount,
  checkboxStates,
  reject,
  saveScreen,
  unlock,
  writeSettings,
} from './support/walletUi.ts'

const mainnet = 'eip155:1'
const unknownChain = 'eip155:424242'

/** Scopes with their arrays sorted, so tests compare sets, not the wallet's ordering. */
function sorted(scopes: SessionScopes): SessionScopes {
  return Object.fromEntries(
    Object.entries(scopes).map(([chain, scope]) => [
      chain,
      {
        methods: [...scope.methods].sort(),
        notifications: [...scope.notifications].sort(),
        accounts: [...scope.accounts].sort(),
      },
    ]),
  )
}

test.describe('wallet_createSession', () => {
  test('an approved session answers { sessionScopes, sessionProperties } with EIP-55 CAIP-10 accounts', async ({
    dappPage,
    dapp,
    approvalWindow,
  }) => {
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
      requiredScopes: {
        [devnet]: {
          methods: ['eth_getBalance', 'eth_blockNumber'],
          notifications: ['eth_subscription'],
        },
      },
    })
    const approval = await approvalWindow()
    await expect(approval.getByTestId('approval-origin')).toContainText(dapp.origin)
    await saveScreen(approval, 'approval')
    expect(await checkboxStates(approval, 'approval-account-')).toMatchObject({
      [firstAccount.toLowerCase()]: true,
    })
    await approval.getByTestId('approval-approve').click()

    const outcome = await pending
    expect(outcome.error).toBeUndefined()
    expect(Object.keys(outcome.result ?? {}).sort()).toEqual(['sessionProperties', 'sessionScopes'])
    expect(sorted(outcome.result?.sessionScopes ?? {})).toEqual({
      [devnet]: {
        methods: ['eth_blockNumber', 'eth_getBalance'],
        notifications: ['eth_subscription'],
        accounts: [`${devnet}:${firstAccount}`],
      },
    })
    expect(outcome.result?.sessionProperties).toEqual({})
  })

  test('a namespace key with references becomes one scope per chain, and a chain named twice is merged', async ({
    dappPage,
    connect,
  }) => {
    const result = await connect(dappPage, {
      requiredScopes: {
        eip155: { references: ['31337'], methods: ['eth_blockNumber'], notifications: [] },
        [devnet]: { methods: ['eth_getBalance'], notifications: ['eth_subscription'] },
      },
      optionalScopes: {
        [devnet]: { methods: ['eth_chainId'], notifications: [] },
      },
    })
    expect(sorted(result.sessionScopes)).toEqual({
      [devnet]: {
        methods: ['eth_blockNumber', 'eth_chainId', 'eth_getBalance'],
        notifications: ['eth_subscription'],
        accounts: [`${devnet}:${firstAccount}`],
      },
    })
  })

  test('least privilege: only requested methods the wallet supports are granted; unsupported optional ones are dropped', async ({
    dappPage,
    connect,
  }) => {
    const result = await connect(dappPage, {
      optionalScopes: {
        [devnet]: {
          methods: ['eth_blockNumber', 'eth_sign', 'eth_signTypedData_v3'],
          notifications: ['eth_subscription', 'acme_somethingHappened'],
        },
        [unknownChain]: { methods: ['eth_blockNumber'], notifications: [] },
      },
    })
    expect(sorted(result.sessionScopes)).toEqual({
      [devnet]: {
        methods: ['eth_blockNumber'],
        notifications: ['eth_subscription'],
        accounts: [`${devnet}:${firstAccount}`],
      },
    })
  })

  test('the approval counts each chain’s methods and notifications in the right number', async ({
    dappPage,
    approvalWindow,
  }) => {
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
      optionalScopes: {
        [devnet]: { methods: ['eth_blockNumber'], notifications: ['eth_subscription'] },
      },
    })
    const approval = await approvalWindow()
    await expect(approval.getByTestId(`approval-methods-${devnet}`)).toHaveText(
      '1 method, 1 notification',
    )
    await reject(approval)
    expect((await pending).error?.code).toBe(4001)
  })

  test('an unsupported required chain is 5100', async ({ dappPage }) => {
    expect(
      await request(dappPage, 'wallet_createSession', {
        requiredScopes: { [unknownChain]: { methods: ['eth_blockNumber'], notifications: [] } },
      }),
    ).toEqual({ error: { code: 5100, message: 'Requested networks are not supported' } })
  })

  test('an unsupported required method is 5101', async ({ dappPage }) => {
    expect(
      await request(dappPage, 'wallet_createSession', {
        requiredScopes: {
          [devnet]: { methods: ['eth_blockNumber', 'eth_sign'], notifications: [] },
        },
      }),
    ).toEqual({ error: { code: 5101, message: 'Requested methods are not supported' } })
  })

  test('an unsupported required notification is 5102', async ({ dappPage }) => {
    expect(
      await request(dappPage, 'wallet_createSession', {
        requiredScopes: {
          [devnet]: { methods: ['eth_blockNumber'], notifications: ['acme_somethingHappened'] },
        },
      }),
    ).toEqual({ error: { code: 5102, message: 'Requested notifications are not supported' } })
  })

  test('nothing supported left to grant is 5100', async ({ dappPage }) => {
    expect(
      await request(dappPage, 'wallet_createSession', {
        optionalScopes: { [unknownChain]: { methods: ['eth_blockNumber'], notifications: [] } },
      }),
    ).toEqual({ error: { code: 5100, message: 'Requested networks are not supported' } })
  })

  test('empty or non-object sessionProperties are 5302', async ({ dappPage }) => {
    const scopes = {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    }
    const invalid = { error: { code: 5302, message: 'Invalid sessionProperties requested' } }
    expect(
      await request(dappPage, 'wallet_createSession', { ...scopes, sessionProperties: {} }),
    ).toEqual(invalid)
    expect(
      await request(dappPage, 'wallet_createSession', { ...scopes, sessionProperties: 'forever' }),
    ).toEqual(invalid)
  })

  test('malformed params are -32602 with every problem listed as { path, message }', async ({
    dappPage,
  }) => {
    const outcome = await request(dappPage, 'wallet_createSession', {
      requiredScopes: {
        [devnet]: { methods: 'eth_blockNumber', notifications: [] },
        [mainnet]: { methods: [], notifications: [], accounts: ['eip155:1:not-an-address'] },
      },
    })
    expect(outcome.error?.code).toBe(-32602)
    const problems = (outcome.error?.data as { problems?: unknown[] } | undefined)?.problems ?? []
    expect(problems.length).toBeGreaterThanOrEqual(2)
    for (const problem of problems) {
      expect(problem).toEqual({ path: expect.any(String), message: expect.any(String) })
    }
    expect(JSON.stringify(problems)).toContain('methods')
    expect(JSON.stringify(problems)).toContain('accounts')

    expect((await request(dappPage, 'wallet_createSession', ['eip155:31337'])).error?.code).toBe(
      -32602,
    )
  })

  test('known sessionProperties are kept, unknown ones dropped; scopedProperties and sessionId are ignored', async ({
    dappPage,
    connect,
  }) => {
    const expiry = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString()
    const result = await connect(dappPage, {
      sessionId: '0xdeadbeef',
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
      sessionProperties: { expiry, acmeTheme: 'dark' },
      scopedProperties: { [devnet]: { extra: true } },
    })
    expect(result.sessionProperties).toEqual({ expiry })
    expect(result).not.toHaveProperty('sessionId')
    expect(JSON.stringify(result)).not.toContain('0xdeadbeef')
    expect(await resultOf(dappPage, 'wallet_getSession', { sessionId: '0xdeadbeef' })).toEqual(
      result,
    )
  })

  test('accounts named by the dapp arrive preselected (case-insensitive); unknown ones are ignored', async ({
    dappPage,
    wallet,
    approvalWindow,
  }) => {
    await wallet.popup.goto(wallet.popupUrl)
    if (
      (await wallet.popup.getByTestId(`home-account-${secondAccount.toLowerCase()}`).count()) === 0
    ) {
      await addAccount(wallet.popup, secondAccount)
    }
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
      optionalScopes: {
        [devnet]: {
          methods: ['eth_blockNumber'],
          notifications: [],
          accounts: [
            `${devnet}:${secondAccount.toLowerCase()}`,
            `${devnet}:0x000000000000000000000000000000000000dEaD`,
          ],
        },
      },
    })
    const approval = await approvalWindow()
    expect(await checkboxStates(approval, 'approval-account-')).toEqual({
      [firstAccount.toLowerCase()]: false,
      [secondAccount.toLowerCase()]: true,
    })
    await saveScreen(approval, 'approval-preselected')
    await approval.getByTestId('approval-approve').click()
    expect((await pending).result?.sessionScopes[devnet]?.accounts).toEqual([
      `${devnet}:${secondAccount}`,
    ])
  })

  test('required chains are checked, optional chains checked by default, and only approved chains are granted', async ({
    dappPage,
    wallet,
    connect,
    approvalWindow,
  }) => {
    // Mainnet (an Infura network) is offered only once an API key is set.
    await writeSettings(wallet.popup, { infuraApiKey: 'qa-infura-key' })
    const params = {
      requiredScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
      optionalScopes: { [mainnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    }
    const pending = request<SessionResult>(dappPage, 'wallet_createSession', params)
    const approval = await approvalWindow()
    expect(await checkboxStates(approval, 'approval-chain-')).toEqual({
      [devnet]: true,
      [mainnet]: true,
    })
    await reject(approval)
    expect((await pending).error?.code).toBe(4001)

    const result = await connect(dappPage, params, { chains: [devnet] })
    expect(Object.keys(result.sessionScopes)).toEqual([devnet])
    await writeSettings(wallet.popup, { infuraApiKey: '' })
  })

  test('a second request while one is pending is -32002; rejecting the first is 4001 and leaves no session', async ({
    dappPage,
    dapp,
    approvalWindow,
  }) => {
    const params = {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    }
    const first = request(dappPage, 'wallet_createSession', params)
    const approval = await approvalWindow()
    expect(await request(dappPage, 'wallet_createSession', params)).toEqual({
      error: {
        code: -32002,
        message: `Request of type wallet_createSession already pending for origin ${dapp.origin}. Please wait.`,
      },
    })
    await reject(approval)
    expect(await first).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    expect(await resultOf(dappPage, 'wallet_getSession', {})).toEqual({
      sessionScopes: {},
      sessionProperties: {},
    })
  })

  test('closing the approval window is 4001', async ({ dappPage, approvalWindow }) => {
    const pending = request(dappPage, 'wallet_createSession', {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    await (await approvalWindow()).close()
    expect(await pending).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
  })

  test('a new approved session replaces the earlier one; a rejected one leaves it as it was', async ({
    dappPage,
    connect,
    approvalWindow,
  }) => {
    await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    const second = await connect(dappPage, {
      optionalScopes: { [devnet]: { methods: ['eth_getBalance'], notifications: [] } },
    })
    expect(second.sessionScopes[devnet]?.methods).toEqual(['eth_getBalance'])
    expect(await resultOf(dappPage, 'wallet_getSession', {})).toEqual(second)

    const third = request(dappPage, 'wallet_createSession', {
      optionalScopes: { [devnet]: { methods: ['eth_chainId'], notifications: [] } },
    })
    await reject(await approvalWindow())
    expect((await third).error?.code).toBe(4001)
    expect(await resultOf(dappPage, 'wallet_getSession', {})).toEqual(second)
  })

  test('a locked wallet asks for the password first, in the same window', async ({
    dappPage,
    wallet,
    approvalWindow,
  }) => {
    await wallet.popup.goto(wallet.popupUrl)
    await wallet.popup.getByTestId('lock').click()
    await expect(wallet.popup.getByTestId('unlock-password')).toBeVisible()
    await saveScreen(wallet.popup, 'unlock')

    const pending = request<SessionResult>(dappPage, 'wallet_createSession', {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    const window = await approvalWindow({ locked: true })
    await saveScreen(window, 'approval-unlock')
    await unlock(window)
    await expect(window.getByTestId('approval-origin')).toBeVisible()
    await window.getByTestId('approval-approve').click()
    expect((await pending).result?.sessionScopes[devnet]?.accounts).toEqual([
      `${devnet}:${firstAccount}`,
    ])
  })
})
