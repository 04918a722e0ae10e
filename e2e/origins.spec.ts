import { devnet, expect, test } from './fixtures.ts'
import { invoke, notifications, request } from './support/provider.ts'

test.describe('sessions belong to the origin', () => {
  test('two tabs of one origin share the session and both get wallet_sessionChanged', async ({
    dappPage,
    openDapp,
    connect,
  }) => {
    const otherTab = await openDapp()
    const created = await connect(dappPage)
    const createdNotice = {
      name: 'wallet_sessionChanged',
      params: { sessionScopes: created.sessionScopes },
    }
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([createdNotice])
    await expect
      .poll(() => notifications(otherTab, 'wallet_sessionChanged'))
      .toEqual([createdNotice])

    expect(await request(otherTab, 'wallet_getSession', {})).toEqual({ result: created })
    expect(await invoke(otherTab, devnet, 'eth_chainId', [])).toEqual({ result: '0x7a69' })

    expect(await request(otherTab, 'wallet_revokeSession', {})).toEqual({ result: true })
    const revokedNotice = { name: 'wallet_sessionChanged', params: { sessionScopes: {} } }
    await expect
      .poll(() => notifications(dappPage, 'wallet_sessionChanged'))
      .toEqual([createdNotice, revokedNotice])
    await expect
      .poll(() => notifications(otherTab, 'wallet_sessionChanged'))
      .toEqual([createdNotice, revokedNotice])
  })

  test('a second origin sees nothing of the first', async ({
    dappPage,
    otherDapp,
    openDapp,
    connect,
  }) => {
    const stranger = await openDapp(otherDapp)
    expect(new URL(stranger.url()).origin).not.toBe(new URL(dappPage.url()).origin)
    await connect(dappPage)

    expect(await request(stranger, 'wallet_getSession', {})).toEqual({
      result: { sessionScopes: {}, sessionProperties: {} },
    })
    expect(await invoke(stranger, devnet, 'eth_chainId', [])).toEqual({
      error: {
        code: 4100,
        message: 'The requested account and/or method has not been authorized by the user.',
      },
    })
    // Its own session is the barrier: its first notification must be about its own session.
    const own = await connect(stranger, {
      optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
    })
    await expect
      .poll(() => notifications(stranger, 'wallet_sessionChanged'))
      .toEqual([{ name: 'wallet_sessionChanged', params: { sessionScopes: own.sessionScopes } }])
    expect(await request(dappPage, 'wallet_revokeSession', {})).toEqual({ result: true })
    expect(await request(stranger, 'wallet_getSession', {})).toEqual({ result: own })
    expect(await notifications(stranger, 'wallet_sessionChanged')).toHaveLength(1)
  })

  test("a request from the page's first inline script is answered", async ({
    dappPage,
    dapp,
    openDapp,
    connect,
  }) => {
    const created = await connect(dappPage)
    const page = await openDapp(dapp, 'inline.html')
    await expect(page.getByTestId('inline-outcome')).not.toHaveText('pending')
    expect(await page.evaluate(() => window.firstScript.provider)).toBe('object')
    expect(await page.evaluate(() => window.firstScript.ready)).toEqual({
      ethereum: 'object',
      eip6963: ['dev.aperture.canary'],
      walletStandard: ['Aperture'],
      globals: ['undefined', 'undefined', 'undefined'],
    })
    expect(await page.evaluate(() => window.firstScript.answer)).toEqual({ result: created })
  })
})
