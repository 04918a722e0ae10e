import type { Page } from 'puppeteer-core'
import { expect } from '../e2e/fixtures.ts'
import { solanaTest } from '../e2e/support/solanaDapp.ts'
import { onboardInFirefox, writeFirefoxSettings } from './support/firefoxWallet.ts'
import { byTestId, type LaunchedFirefox, launchFirefox } from './support/launchFirefox.ts'

/** Firefox with the wallet installed, onboarded, its Local devnets pointed at the endpoints. */
export type FirefoxWallet = LaunchedFirefox & { popup: Page }

/**
 * The Chromium suite's fixtures for what is not a browser — `endpoint` (the EVM node endpoint with
 * its anvil), `anvilUrl`, `solana` (the Solana endpoint with Surfpool), `dapp` (the demo dapp on a
 * fresh origin) — plus the wallet in Firefox and a way to open the dapp's pages there.
 */
export const test = solanaTest.extend<
  {
    /** Opens a page of `dapp` (default its index, `window.aperture` present) in a new Firefox tab. */
    openInFirefox: (path?: string) => Promise<Page>
  },
  { firefox: FirefoxWallet }
>({
  firefox: [
    async ({ endpoint, solana }, use) => {
      const firefox = await launchFirefox()
      try {
        const popup = await onboardInFirefox(firefox)
        await writeFirefoxSettings(popup, {
          localDevnet: { rpcUrl: endpoint.httpUrl, wsUrl: endpoint.wsUrl },
          localSolanaDevnet: { rpcUrl: solana.httpUrl, wsUrl: solana.wsUrl },
        })
        await use({ ...firefox, popup })
      } finally {
        await firefox.close()
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  openInFirefox: async ({ firefox, dapp }, use) => {
    const opened: Page[] = []
    await use(async (path = '') => {
      const page = await firefox.browser.newPage()
      opened.push(page)
      await page.goto(dapp.pageUrl(path))
      if (path === '') {
        await page.waitForSelector(`${byTestId('provider-status')}::-p-text(installed)`)
      }
      return page
    })
    for (const page of opened) await page.close()
  },
})

export { expect }
