import type { Page } from '@playwright/test'
import { maxOriginSubscriptionsPerChain } from '../src/background/subscriptionRegistry.ts'
import { tooManyOriginSubscriptions, tooManyPendingApprovals } from '../src/core/rpc/errors.ts'
import { maxPendingApprovals } from '../src/core/wallet/createApprovals.ts'
import { blockNumberRequest, blockNumberSession, devnet, expect, test } from './fixtures.ts'
import { frameOf } from './support/framedDapps.ts'
import { invoke, request, resultOf } from './support/provider.ts'
import { serveDapp } from './support/serveDapp.ts'
import { approvalWindows, approve } from './support/walletUi.ts'

test.describe('the caps a page meets, and that each frees again (docs/security.md)', () => {
  test(`with ${maxPendingApprovals} sites' wallet_createSession waiting across origins, another site's is refused -32002 with its own message; closing one waiting approval frees a place`, async ({
    wallet,
    dappPage,
    dapp,
  }) => {
    const framed = await Promise.all(Array.from({ length: maxPendingApprovals }, () => serveDapp()))
    const openApprovals = () =>
      approvalWindows(wallet.context, wallet.extensionOrigin, wallet.popupUrl)
    /** The open approval window that asks for `origin`, once it shows. */
    const approvalOf = async (origin: string) => {
      const shows = async (window: Page) =>
        (await window.getByTestId('approval-origin').textContent({ timeout: 1_000 }))?.includes(
          origin,
        )
      let found: Page | undefined
      await expect
        .poll(
          async () => {
            for (const window of openApprovals()) if (await shows(window)) found = window
            return found !== undefined
          },
          { message: `the approval of ${origin} opens` },
        )
        .toBe(true)
      return found as Page
    }
    try {
      for (const served of framed) {
        // Each framed origin asks once and is left waiting: its approval window stays open.
        await (await frameOf(dappPage, served)).evaluate((params) => {
          window.aperture
            ?.request({ method: 'wallet_createSession', params })
            .catch(() => undefined)
        }, blockNumberRequest)
      }
      await expect
        .poll(() => openApprovals().length, { message: 'every framed origin’s approval opens' })
        .toBe(maxPendingApprovals)

      // Refused at once: without the cap the request would wait for the user in its own window.
      const refused = request(dappPage, 'wallet_createSession', blockNumberRequest)
      const opened = wallet.context.waitForEvent('page').then(
        () => 'an approval window opened',
        () => 'no window opened',
      )
      expect(await Promise.race([refused, opened])).toEqual({
        error: tooManyPendingApprovals(maxPendingApprovals).toJSON(),
      })
      expect(openApprovals()).toHaveLength(maxPendingApprovals)

      await openApprovals()[0]?.close()
      await expect.poll(() => openApprovals().length).toBe(maxPendingApprovals - 1)
      const admitted = request(dappPage, 'wallet_createSession', blockNumberRequest)
      await approve(await approvalOf(dapp.origin))
      expect(await admitted).toEqual({ result: blockNumberSession })
    } finally {
      await Promise.all(framed.map((served) => served.close()))
    }
  })

  test(`with ${maxOriginSubscriptionsPerChain} eth_subscribe of an origin on a chain held, the next is refused -32005; eth_unsubscribe frees a place`, async ({
    dappPage,
    connect,
  }) => {
    await connect(dappPage)
    const subscriptions = await dappPage.evaluate(
      ({ count, scope }) =>
        Promise.all(
          Array.from({ length: count }, () =>
            window.aperture?.request({
              method: 'wallet_invokeMethod',
              params: { scope, request: { method: 'eth_subscribe', params: ['newHeads'] } },
            }),
          ),
        ),
      { count: maxOriginSubscriptionsPerChain, scope: devnet },
    )
    expect(new Set(subscriptions).size).toBe(maxOriginSubscriptionsPerChain)

    expect(await invoke(dappPage, devnet, 'eth_subscribe', ['newHeads'])).toEqual({
      error: tooManyOriginSubscriptions(maxOriginSubscriptionsPerChain).toJSON(),
    })

    expect(await invoke(dappPage, devnet, 'eth_unsubscribe', [subscriptions[0]])).toEqual({
      result: true,
    })
    expect((await invoke<string>(dappPage, devnet, 'eth_subscribe', ['newHeads'])).result).toMatch(
      /^0x[0-9a-f]+$/,
    )
    // Revoking the session ends the origin's subscriptions: none is left on the wallet's socket.
    expect(await resultOf(dappPage, 'wallet_revokeSession', {})).toBe(true)
  })
})
