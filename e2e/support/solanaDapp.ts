import type { Page } from '@playwright/test'
import { getBase58Codec } from '@solana/kit'
import { expect, test } from '../fixtures.ts'
import { answerConfirmation } from './confirmations.ts'
import { type RunningEndpoint, startSolanaEndpoint, surfpoolOf } from './endpoint.ts'
import { approve, writeSettings } from './walletUi.ts'

/**
 * The Solana Wallet Standard specs' shared parts: a Solana endpoint (embedded Surfpool) the wallet's
 * Local Solana devnet points at, the dapp page (`e2e/dapp/solana-wallet-standard.html`, bundling
 * `@wallet-standard/app` and `@solana/kit`) and what the specs do with it.
 */

/** The Local Solana devnet's chain id (DESIGN §3); `solana:localnet` on the Wallet Standard. */
export const localSolana = 'solana:123456789abcdef'
/** The first wallet account's Solana address for the test mnemonic, `m/44'/501'/0'/0'`. */
export const firstSolanaAddress = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

/**
 * A `wallet_createSession` request for both namespaces, as a dapp of the reference wallet asks: the
 * Local devnet's read methods and the Local Solana devnet's standard set.
 */
export const evmAndSolanaRequest = {
  optionalScopes: {
    'eip155:31337': { methods: ['eth_chainId', 'eth_blockNumber'], notifications: [] },
    [localSolana]: { methods: [], notifications: [] },
  },
}

export const base58 = getBase58Codec()
export const fromBase58 = (text: string): Uint8Array => Uint8Array.from(base58.encode(text))

/** What a call of the dapp page came to: its value, or the error's name, code and message. */
export type DappOutcome<T> =
  | { value: T; error?: undefined }
  | { error: { name: string; message: string; code?: number; data?: unknown }; value?: undefined }
/** A wallet account as the dapp page shows it. */
export type ViewedAccount = {
  address: string
  publicKey: number[]
  chains: string[]
  features: string[]
}

/**
 * The e2e fixtures plus `solana` (the Solana endpoint), `solanaNetwork` (the wallet's Local Solana
 * devnet pointed at it; the endpoint) and `solanaPage` (the dapp, Aperture found).
 */
export const solanaTest = test.extend<
  { solanaNetwork: RunningEndpoint; solanaPage: Page },
  { solana: RunningEndpoint }
>({
  solana: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const endpoint = await startSolanaEndpoint()
      await use(endpoint)
      await endpoint.close()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  solanaNetwork: async ({ wallet, solana }, use) => {
    await pointLocalSolanaDevnet(wallet.popup, solana.httpUrl, solana.wsUrl)
    await use(solana)
  },
  solanaPage: async ({ solanaNetwork: _pointed, openDapp }, use) => {
    const page = await openDapp(undefined, 'solana-wallet-standard.html')
    await expect(page.getByTestId('solana-wallet-status')).toHaveText('Aperture')
    await use(page)
  },
})

/** Points the wallet's Local Solana devnet (`localSolana`) at a node endpoint (or a proxy of one). */
export const pointLocalSolanaDevnet = (extensionPage: Page, rpcUrl: string, wsUrl: string) =>
  writeSettings(extensionPage, { localSolanaDevnet: { rpcUrl, wsUrl } })

/** A JSON-RPC call straight to Surfpool (set-up and checks, not through the wallet). */
export async function surfpool<T>(endpoint: RunningEndpoint, method: string, params: unknown[]) {
  const response = await fetch(surfpoolOf(endpoint).rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result as T
}

/** An account's lamports at `confirmed`, read from Surfpool. */
export const balanceOf = async (endpoint: RunningEndpoint, address: string): Promise<number> => {
  const params = [address, { commitment: 'confirmed' }]
  return (await surfpool<{ value: number }>(endpoint, 'getBalance', params)).value
}

/** A signature's status on Surfpool (history included); null when the chain never saw it. */
export const statusOf = async (endpoint: RunningEndpoint, signature: string) => {
  const params = [[signature], { searchTransactionHistory: true }]
  const { value } = await surfpool<{ value: Array<{ confirmationStatus?: string } | null> }>(
    endpoint,
    'getSignatureStatuses',
    params,
  )
  return value[0] ?? null
}

/** Calls one of the dapp page's functions (`window.solanaDapp`) and returns its outcome. */
export const dappCall = <T>(
  page: Page,
  name: string,
  ...args: unknown[]
): Promise<DappOutcome<T>> =>
  page.evaluate(
    ([name, args]) =>
      (window.solanaDapp as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
        name as string
      ]?.(...(args as unknown[])),
    [name, args] as const,
  ) as Promise<DappOutcome<T>>

/** `standard:connect` from the dapp, approved in the approval window (which offers the Local Solana devnet). */
export async function connectSolana(
  page: Page,
  approvalWindow: () => Promise<Page>,
): Promise<ViewedAccount[]> {
  const pending = dappCall<ViewedAccount[]>(page, 'connect')
  const window = await approvalWindow()
  await expect(window.getByTestId(`approval-chain-${localSolana}`)).toBeVisible()
  await approve(window)
  const outcome = await pending
  if (outcome.error) throw new Error(`connect failed: ${JSON.stringify(outcome.error)}`)
  return outcome.value
}

/**
 * Answers the request the confirmation window shows, then waits for the window to close itself, so
 * that the next request of the test gets a window of its own.
 */
export async function answerAndClose(window: Page, answer: 'approve' | 'reject', screen?: string) {
  const closed = window.waitForEvent('close')
  await answerConfirmation(window, answer, screen)
  await closed
}

/** The `standard:events` `change`s the dapp heard, as `{ accounts: [address…] }`. */
export const changesOf = (page: Page) => page.evaluate(() => window.solanaDapp.changes)
