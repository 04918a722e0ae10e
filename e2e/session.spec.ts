import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { accountsChanges, ethereumAccounts, recordProviderEvents } from './support/ethereumDapps.ts'
import { notifications, request } from './support/provider.ts'
import { evmAndSolanaRequest, localSolana } from './support/solanaDapp.ts'
import { reject } from './support/walletUi.ts'

const noSession = { sessionScopes: {}, sessionProperties: {} }

test.describe('wallet_getSession and wallet_revokeSession', () => {
  test('with no session, wallet_getSession is { sessionScopes: {}, sessionProperties: {} }', async ({
    dappPage,
  }) => {
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({ result: noSession })
  })

  test('wallet_getSession answers the session as wallet_createSession granted it', async ({
    dappPage,
    connect,
  }) => {
    const created = await connect(dappPage)
    expect(created.sessionScopes[devnet]?.accounts).toEqual([`${devnet}:${firstAccount}`])
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({ result: created })
    expect(await request(dappPage, 'wallet_getSession', { sessionId: 'ignored' })).toEqual({
      result: created,
    })
  })

  test('wallet_revokeSession answers true, ends the session and notifies { sessionScopes: {} }', async ({
    dappPage,
    connect,
  }) => {
    const created = await connect(dappPage)
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([
        { name: 'wallet_sessionChanged', params: { sessionScopes: created.sessionScopes } },
      ])
    expect(await request(dappPage, 'wallet_revokeSession', {})).toEqual({ result: true })
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({ result: noSession })
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([
        { name: 'wallet_sessionChanged', params: { sessionScopes: created.sessionScopes } },
        { name: 'wallet_sessionChanged', params: { sessionScopes: {} } },
      ])
    expect(
      await request(dappPage, 'wallet_invokeMethod', {
        scope: devnet,
        request: { method: 'eth_blockNumber' },
      }),
    ).toEqual({
      error: {
        code: 4100,
        message: 'The requested account and/or method has not been authorized by the user.',
      },
    })
  })

  test('wallet_revokeSession { scopes } removes those scopes only: the EVM scope, its accounts and the EIP-1193 connection stay', async ({
    dappPage,
    connect,
  }) => {
    const first = firstAccount.toLowerCase()
    await recordProviderEvents(dappPage)
    const created = await connect(dappPage, evmAndSolanaRequest)
    expect(Object.keys(created.sessionScopes).sort()).toEqual([devnet, localSolana].sort())
    await expect.poll(() => accountsChanges(dappPage)).toEqual([[first]])

    expect(await request(dappPage, 'wallet_revokeSession', { scopes: localSolana })).toMatchObject({
      error: { code: -32602, data: { problems: [{ path: 'scopes' }] } },
    })
    expect(await request(dappPage, 'wallet_revokeSession', { scopes: [localSolana] })).toEqual({
      result: true,
    })
    const kept = { [devnet]: created.sessionScopes[devnet] }
    expect(await request(dappPage, 'wallet_getSession', {})).toEqual({
      result: { sessionScopes: kept, sessionProperties: {} },
    })
    await expect
      .poll(async () => (await notifications(dappPage, 'wallet_sessionChanged')).at(-1))
      .toEqual({ name: 'wallet_sessionChanged', params: { sessionScopes: kept } })
    expect(await notifications(dappPage, 'wallet_sessionChanged')).toHaveLength(2)
    expect(await ethereumAccounts(dappPage)).toEqual([first])
    expect(await accountsChanges(dappPage)).toEqual([[first]])
  })

  test('wallet_revokeSession with no session answers true', async ({ dappPage }) => {
    expect(await request(dappPage, 'wallet_revokeSession', {})).toEqual({ result: true })
    expect(await request(dappPage, 'wallet_revokeSession')).toEqual({ result: true })
  })

  test('a rejected request sends no wallet_sessionChanged', async ({
    dappPage,
    connect,
    approvalWindow,
  }) => {
    const pending = request(dappPage, 'wallet_createSession', {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    await reject(await approvalWindow())
    expect((await pending).error?.code).toBe(4001)
    // The next approved session's notification is the first one this page gets.
    const created = await connect(dappPage)
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([
        { name: 'wallet_sessionChanged', params: { sessionScopes: created.sessionScopes } },
      ])
  })

  for (const method of [
    'eth_accounts',
    'eth_blockNumber',
    'wallet_requestPermissions',
    'wallet_notify',
  ]) {
    test(`${method} called directly is -32601 with data { method }`, async ({ dappPage }) => {
      const outcome = await request(dappPage, method, [])
      expect(outcome.error).toEqual({ code: -32601, message: expect.any(String), data: { method } })
    })
  }

  test('the provider has request, on, removeListener and CAIP-294 info', async ({ dappPage }) => {
    const shape = await dappPage.evaluate(() => {
      const provider = window.aperture
      return {
        request: typeof provider?.request,
        on: typeof provider?.on,
        removeListener: typeof provider?.removeListener,
        info: provider?.info,
      }
    })
    expect(shape).toEqual({
      request: 'function',
      on: 'function',
      removeListener: 'function',
      info: {
        uuid: expect.any(String),
        name: expect.stringContaining('Aperture'),
        icon: expect.any(String),
        rdns: expect.any(String),
      },
    })
  })
})
