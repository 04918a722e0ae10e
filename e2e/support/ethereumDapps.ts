import { expect, type Page } from '@playwright/test'
import type { ChainSpec, ViemDapp } from '../dapp/bundles/viemDapp.ts'
import type { WagmiDapp } from '../dapp/bundles/wagmiDapp.ts'
import type { RunningEndpoint } from './endpoint.ts'
import type { ServedDapp } from './serveDapp.ts'

export type { ChainSpec }

declare global {
  interface Window {
    viemDapp: ViemDapp
    wagmiDapp: WagmiDapp
    /** The EIP-1193 events recorded by the test page's first script (`e2e/dapp/viem.html`). */
    providerEvents: Array<[string, unknown]>
  }
}

/** The chain a dapp reads from: `endpoint`'s chain at its HTTP URL. */
export const chainOf = (endpoint: Pick<RunningEndpoint, 'httpUrl'>, id = 31337): ChainSpec => ({
  id,
  name: id === 31337 ? 'Local devnet' : `Devnet ${id}`,
  rpcUrl: endpoint.httpUrl,
})

type OpenDapp = (served?: ServedDapp, path?: string) => Promise<Page>

/** Opens the viem dapp page (`e2e/dapp/viem.html`) of `served` and finds Aperture by EIP-6963. */
export async function openViemDapp(openDapp: OpenDapp, served?: ServedDapp): Promise<Page> {
  const page = await openDapp(served, 'viem.html')
  await page.waitForFunction(() => window.viemDapp !== undefined)
  const info = await page.evaluate(() => window.viemDapp.discover())
  expect(info.rdns).toBe('dev.aperture.canary')
  return page
}

/** Opens the wagmi core dapp page (`e2e/dapp/wagmi.html`) of `served`, configured for `chains`. */
export async function openWagmiDapp(
  openDapp: OpenDapp,
  chains: [ChainSpec, ...ChainSpec[]],
  served?: ServedDapp,
): Promise<Page> {
  const page = await openDapp(served, 'wagmi.html')
  await page.waitForFunction(() => window.wagmiDapp !== undefined)
  await page.evaluate((chains) => window.wagmiDapp.configure(chains), chains)
  return page
}

/** The EIP-1193 events the page's provider emitted since its first script, in order. */
export const providerEvents = (page: Page): Promise<Array<[string, unknown]>> =>
  page.evaluate(() => window.providerEvents)

/** The account lists of the `accountsChanged` events among `providerEvents`, in order. */
export const accountsChanges = async (page: Page): Promise<unknown[]> =>
  (await providerEvents(page)).flatMap(([name, value]) =>
    name === 'accountsChanged' ? [value] : [],
  )

/**
 * Records, on a page whose first script did not (the demo dapp, the official client's page), the
 * events of the page's EIP-1193 provider (`window.ethereum`) from now on, for `providerEvents`.
 */
export async function recordProviderEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { ethereum } = window as unknown as {
      ethereum: { on(name: string, listener: (value: unknown) => void): void }
    }
    window.providerEvents = []
    for (const name of ['connect', 'chainChanged', 'accountsChanged', 'disconnect', 'message']) {
      ethereum.on(name, (value) => window.providerEvents.push([name, value]))
    }
  })
}

/** `eth_accounts` of the page's EIP-1193 provider (`window.ethereum`). */
export const ethereumAccounts = (page: Page): Promise<unknown> =>
  page.evaluate(() =>
    (
      window as unknown as { ethereum: { request(args: { method: string }): Promise<unknown> } }
    ).ethereum.request({ method: 'eth_accounts' }),
  )
