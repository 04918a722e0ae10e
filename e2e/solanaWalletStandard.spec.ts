import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

type DappOutcome<T> =
  | { value: T; error?: undefined }
  | { error: { name: string; message: string; code?: number; data?: unknown }; value?: undefined }
type ViewedAccount = { address: string; publicKey: number[]; chains: string[]; features: string[] }

const test_ = test.extend<{ solanaPage: Page }>({
  solanaPage: async ({ openDapp }, use) => {
    const page = await openDapp(undefined, 'solana-wallet-standard.html')
    await expect(page.getByTestId('solana-wallet-status')).toHaveText('Aperture')
    await use(page)
  },
})

/** Calls one of the dapp page's functions (`window.solanaDapp`) and returns its outcome. */
const dappCall = <T>(page: Page, name: string, ...args: unknown[]): Promise<DappOutcome<T>> =>
  page.evaluate(
    ([name, args]) =>
      (window.solanaDapp as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
        name as string
      ]?.(...(args as unknown[])),
    [name, args] as const,
  ) as Promise<DappOutcome<T>>

test_.describe('the Solana Wallet Standard wallet', () => {
  test_(
    'a dapp on @wallet-standard/app finds Aperture with its chains and features',
    async ({ solanaPage, wallet }) => {
      expect(await solanaPage.evaluate(() => window.solanaDapp.walletNames())).toContain('Aperture')
      const registered = await solanaPage.evaluate(() => window.solanaDapp.wallet())
      expect(registered).toMatchObject({
        name: 'Aperture',
        version: '1.0.0',
        chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
        accounts: [],
      })
      expect(registered.icon).toMatch(/^data:image\/(png|svg\+xml);base64,/)
      expect(registered.features.sort()).toEqual([
        'solana:signAndSendTransaction',
        'solana:signIn',
        'solana:signMessage',
        'solana:signTransaction',
        'standard:connect',
        'standard:disconnect',
        'standard:events',
      ])
      // A silent connect reaches the worker (the page API `solana`) and opens no window.
      expect(await dappCall<ViewedAccount[]>(solanaPage, 'connect', true)).toEqual({ value: [] })
      expect(
        wallet.context.pages().filter((page) => page.url().includes('?approval=')),
      ).toHaveLength(0)
    },
  )
})
