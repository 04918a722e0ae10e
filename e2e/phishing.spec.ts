import type { Page } from '@playwright/test'
import { devnet, expect, test } from './fixtures.ts'
import { launchWallet } from './support/launchWallet.ts'
import { request } from './support/provider.ts'
import { serveDapp } from './support/serveDapp.ts'
import { approvalWindows, configureLocalDevnet, onboard } from './support/walletUi.ts'

/** Hosts of the bundled eth-phishing-detect lists, resolved to the test's dapp server. */
const blacklisted = 'azukishop.live'
const lookalike = '0pensea.io'
const whitelisted = 'opensea.io'

const connectRequest = {
  optionalScopes: { [devnet]: { methods: ['eth_accounts'], notifications: [] } },
}

test.describe('phishing sites (DESIGN §11)', () => {
  test('a listed host gets a warning page instead of the approval (the worker refuses an approve sent past it): back rejects, continue on purpose shows the approval and is remembered for the host; a whitelisted host is marked known', async ({
    endpoint,
  }) => {
    test.setTimeout(180_000)
    const dapp = await serveDapp()
    const wallet = await launchWallet({
      loopbackSites: { hosts: [blacklisted, lookalike, whitelisted], port: dapp.port },
    })
    try {
      const popup = await onboard(wallet.context, wallet.popupUrl)
      await configureLocalDevnet(popup, endpoint)
      const openAt = async (host: string): Promise<Page> => {
        const page = await wallet.context.newPage()
        await page.goto(`http://${host}:${dapp.port}/`)
        return page
      }
      const shown = new Set<Page>()
      /** The approval window opened since the last one (they close themselves once answered). */
      const nextWindow = async (): Promise<Page> => {
        const fresh = () =>
          approvalWindows(wallet.context, wallet.extensionOrigin, wallet.popupUrl).filter(
            (window) => !shown.has(window),
          )
        await expect.poll(() => fresh().length).toBe(1)
        const [window] = fresh()
        if (!window) throw new Error('the approval window is gone')
        shown.add(window)
        return window
      }

      // A blacklisted host: the warning, and "back" is the user's rejection.
      const listed = await openAt(blacklisted)
      const refused = request(listed, 'wallet_createSession', connectRequest)
      const first = await nextWindow()
      await expect(first.getByTestId('warning-phishing')).toContainText(
        'azukishop.live is on the list of sites known to steal funds',
      )
      await expect(first.getByTestId('approval-origin')).toBeHidden()
      // The worker does not trust the window to have shown the warning: an approve sent for this
      // host before the user continued to it is refused.
      const forged = await first.evaluate((message) => chrome.runtime.sendMessage(message), {
        type: 'approval:resolve',
        params: {
          id: new URL(first.url()).searchParams.get('approval'),
          result: { approved: true, chains: [devnet], accounts: [] },
        },
      })
      expect(forged).toMatchObject({ ok: false, error: { code: 'phishing_site' } })
      await first.getByTestId('phishing-back').click()
      expect((await refused).error).toMatchObject({ code: 4001 })

      // A lookalike of a whitelisted host names what it imitates; continuing shows the approval.
      const imitation = await openAt(lookalike)
      const asked = request(imitation, 'wallet_createSession', connectRequest)
      const second = await nextWindow()
      await expect(second.getByTestId('warning-phishing')).toContainText(
        '0pensea.io looks like opensea.io but is not it',
      )
      await second.getByTestId('phishing-continue').click()
      await expect(second.getByTestId('approval-origin')).toContainText(`http://${lookalike}`)
      await expect(second.getByTestId('site-known')).toBeHidden()
      await second.getByTestId('approval-approve').click()
      expect((await asked).error).toBeUndefined()

      // The same host again: no warning, the choice was kept for it.
      const again = request(imitation, 'wallet_createSession', connectRequest)
      const third = await nextWindow()
      await expect(third.getByTestId('approval-origin')).toBeVisible()
      await expect(third.getByTestId('warning-phishing')).toBeHidden()
      await third.getByTestId('approval-reject').click()
      expect((await again).error).toMatchObject({ code: 4001 })

      // A whitelisted host: the approval at once, with the known-site mark.
      const known = await openAt(whitelisted)
      const fromKnown = request(known, 'wallet_createSession', connectRequest)
      const fourth = await nextWindow()
      await expect(fourth.getByTestId('site-known')).toBeVisible()
      // What the site will be able to do, in words (DESIGN §11 "Sites").
      await expect(fourth.getByTestId('approval-abilities')).toContainText(
        'see the accounts you choose, their balances and activity, and ask you for transactions and signatures on the networks you choose',
      )
      await expect(fourth.getByTestId('warning-phishing')).toBeHidden()
      await fourth.getByTestId('approval-reject').click()
      expect((await fromKnown).error).toMatchObject({ code: 4001 })
    } finally {
      await wallet.context.close()
      await dapp.close()
    }
  })
})
