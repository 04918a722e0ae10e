import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from '@playwright/test'
import { stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { permitTypedData } from '../src/core/eth/testing/permitTypedData.ts'
import { blockNumberRequest, blockNumberSession, devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { addProposedNetwork, waitForConfirmation } from './support/confirmations.ts'
import { startNodeEndpoint } from './support/endpoint.ts'
import {
  dropPagePort,
  openPagePort,
  type PortAnswer,
  pagePortAnswers,
  sendOnPagePort,
} from './support/pagePort.ts'
import type { SessionResult } from './support/provider.ts'
import type { WorkerControl } from './support/serviceWorker.ts'
import {
  answerAndClose,
  firstSolanaAddress,
  fromBase58,
  localSolana,
} from './support/solanaDapp.ts'
import type { ReadyWallet } from './support/wallet.ts'
import { approve } from './support/walletUi.ts'

// Issue 26 as a hostile page performs it (DESIGN §6 "What is re-attached is the same request"): it
// opens its port under a connection id of its choosing, sends a request as id 77, drops the port,
// waits for the worker to stop, and sends id 77 again on the same connection asking something else.
// The re-send is refused -32602; the window still shows, and answers, the first request only; the
// first request re-sent is re-attached to its window and answered once.

/** The page's connection id (Aperture's lasting port takes it from the page's crypto.randomUUID). */
const connectionId = '6f1c2a9e-4b7d-4e21-9c3a-2d5e8f0a1b3c'
const id = 77

/** Signing on the Local devnet, the Solana standard set, and adding networks. */
const signingScopes = {
  optionalScopes: {
    [devnet]: { methods: ['personal_sign', 'eth_signTypedData_v4'], notifications: [] },
    [localSolana]: { methods: [], notifications: [] },
    'wallet:eip155': { methods: ['wallet_addEthereumChain'], notifications: [] },
  },
}

/** `wallet_invokeMethod` of `method` in `scope`. */
const invoke = (scope: string, method: string, params: unknown) => ({
  method: 'wallet_invokeMethod',
  params: { scope, request: { method, params } },
})

/** An unlimited USDC allowance for someone else: what the page would like signed instead. */
const permit = permitTypedData({
  owner: firstAccount,
  spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 31337,
  verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
})

/** A harmless greeting: the typed data the user is shown. */
const greeting = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Greeting: [{ name: 'text', type: 'string' }],
  },
  primaryType: 'Greeting',
  domain: { name: 'Example', chainId: 31337 },
  message: { text: 'Hello from the example dapp' },
}

type Attack = {
  page: Page
  wallet: ReadyWallet
  serviceWorker: WorkerControl
  /** What the page asks first, as request `id`. */
  first: { method: string; params?: unknown }
  /** Waits for the window that shows `first` and resolves with it. */
  window(): Promise<Page>
}

/** The attack on the confirmation of `first`, sent by `page`. */
const confirmationAttack = (
  page: Page,
  wallet: ReadyWallet,
  serviceWorker: WorkerControl,
  first: Attack['first'],
): Attack => ({
  page,
  wallet,
  serviceWorker,
  first,
  window: () => waitForConfirmation(wallet.context, wallet.extensionOrigin),
})

/**
 * Sends `first` as request `id` on a port under `connectionId`, waits for its window, drops the
 * port, stops the worker and opens the port again under the same id: the moment of the attack.
 */
async function sendDropAndStop({ page, wallet, serviceWorker, first, window }: Attack) {
  await openPagePort(page, wallet.extensionId, connectionId)
  await sendOnPagePort(page, id, first)
  const shown = await window()
  await dropPagePort(page)
  await serviceWorker.stop()
  await openPagePort(page, wallet.extensionId, connectionId)
  return shown
}

/** Waits until the page's request `id` has `count` answers, and resolves with them. */
async function answersOf(page: Page, count: number): Promise<PortAnswer[]> {
  await expect.poll(async () => (await pagePortAnswers(page, id)).length).toBe(count)
  return pagePortAnswers(page, id)
}

/** The refusal a request sent under an id the wallet holds for another request gets. */
const refusal = {
  id,
  error: {
    code: -32602,
    message: expect.stringContaining('a re-sent request must repeat the request it re-sends'),
  },
}

/**
 * The attack on a confirmation: `swapped` sent after the stop is refused; the window shows only
 * `first` (`showsFirst`); `first` sent again is re-attached — the window still shows one request —
 * and the user's approval answers it. Resolves with that answer.
 */
async function swapThenResend(
  attack: Attack,
  swapped: { method: string; params?: unknown },
  showsFirst: (window: Page) => Promise<void>,
): Promise<PortAnswer> {
  const { page } = attack
  const window = await sendDropAndStop(attack)
  await sendOnPagePort(page, id, swapped)
  expect(await answersOf(page, 1)).toEqual([expect.objectContaining(refusal)])
  await showsFirst(window)
  await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
  await sendOnPagePort(page, id, attack.first)
  await page.waitForTimeout(300)
  await showsFirst(window)
  await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
  await answerAndClose(window, 'approve')
  const [, answer] = await answersOf(page, 2)
  if (!answer) throw new Error('no answer')
  return answer
}

/** The text a Solana `signMessage` / `signIn` answer says was signed, once its signature verifies. */
function solanaSigned(answer: PortAnswer): string {
  const { signature, signedMessage } = answer.result as { signature: string; signedMessage: string }
  const signed = Buffer.from(signedMessage, 'base64')
  expect(ed25519.verify(fromBase58(signature), signed, fromBase58(firstSolanaAddress))).toBe(true)
  return signed.toString()
}

test.describe('a request re-sent after a worker stop is the same request, or refused', () => {
  test.use({ sessionRequest: signingScopes })

  test('personal_sign re-sent as eth_signTypedData_v4 (a Permit) is refused; the message shown is what is signed', async ({
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const text = 'Sign in to evil.example'
    const attack = confirmationAttack(
      sessionPage,
      wallet,
      serviceWorker,
      invoke(devnet, 'personal_sign', [stringToHex(text), firstAccount]),
    )
    const answer = await swapThenResend(
      attack,
      invoke(devnet, 'eth_signTypedData_v4', [firstAccount, JSON.stringify(permit)]),
      async (window) => {
        await expect(window.getByTestId('confirm-message')).toContainText(text)
        await expect(window.getByTestId('confirm-typed-data')).toHaveCount(0)
      },
    )
    const signature = answer.result as `0x${string}`
    expect(await verifyMessage({ address: firstAccount, message: text, signature })).toBe(true)
  })

  test('eth_signTypedData_v4 re-sent with other typed data is refused; the typed data shown is what is signed', async ({
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const attack = confirmationAttack(
      sessionPage,
      wallet,
      serviceWorker,
      invoke(devnet, 'eth_signTypedData_v4', [firstAccount, JSON.stringify(greeting)]),
    )
    const answer = await swapThenResend(
      attack,
      invoke(devnet, 'eth_signTypedData_v4', [firstAccount, JSON.stringify(permit)]),
      async (window) => {
        await expect(window.getByTestId('confirm-typed-data')).toContainText(
          'Hello from the example dapp',
        )
        await expect(window.getByTestId('confirm-typed-data')).not.toContainText('Permit')
      },
    )
    const signature = answer.result as `0x${string}`
    expect(
      await verifyTypedData({
        address: firstAccount,
        types: { Greeting: greeting.types.Greeting },
        primaryType: 'Greeting',
        domain: greeting.domain,
        message: greeting.message,
        signature,
      }),
    ).toBe(true)
  })

  test('Solana signMessage re-sent with another message is refused; the message shown is what is signed', async ({
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const text = 'Sign in to example: nonce 5be1'
    const message = (value: string) => ({
      account: { address: firstSolanaAddress },
      message: Buffer.from(value).toString('base64'),
    })
    const attack = confirmationAttack(
      sessionPage,
      wallet,
      serviceWorker,
      invoke(localSolana, 'signMessage', message(text)),
    )
    const answer = await swapThenResend(
      attack,
      invoke(localSolana, 'signMessage', message('Approve the transfer of everything')),
      async (window) => {
        await expect(window.getByTestId('confirm-solana-message')).toContainText(text)
      },
    )
    expect(solanaSigned(answer)).toBe(text)
  })

  test('Solana signIn re-sent with another statement is refused; the sign-in shown is what is signed', async ({
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const attack = confirmationAttack(
      sessionPage,
      wallet,
      serviceWorker,
      invoke(localSolana, 'signIn', { statement: 'Welcome back', nonce: 'n0nce1234' }),
    )
    const answer = await swapThenResend(
      attack,
      invoke(localSolana, 'signIn', { statement: 'Approve the transfer', nonce: 'n0nce1234' }),
      async (window) => {
        await expect(window.getByTestId('confirm-solana-message')).toContainText('Welcome back')
      },
    )
    expect(solanaSigned(answer)).toContain('Welcome back')
    expect(solanaSigned(answer)).not.toContain('Approve the transfer')
  })

  test('wallet_addEthereumChain re-sent with another network is refused; the network shown is the one added', async ({
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const second = await startNodeEndpoint({ port: 0, chainId: 1337 })
    const network = (chainId: string, name: string, rpcUrl: string) => ({
      chainId,
      chainName: name,
      rpcUrls: [rpcUrl],
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    })
    try {
      const attack: Attack = {
        page: sessionPage,
        wallet,
        serviceWorker,
        first: invoke('wallet:eip155', 'wallet_addEthereumChain', [
          network('0x539', 'Second devnet', second.httpUrl),
        ]),
        window: () => waitForConfirmation(wallet.context, wallet.extensionOrigin),
      }
      const window = await sendDropAndStop(attack)
      await sendOnPagePort(
        sessionPage,
        id,
        invoke('wallet:eip155', 'wallet_addEthereumChain', [
          network('0x1092', 'Evil chain', 'https://rpc.evil.example/'),
        ]),
      )
      expect(await answersOf(sessionPage, 1)).toEqual([expect.objectContaining(refusal)])
      await expect(window.getByTestId('confirm-network-chain-id')).toHaveText('eip155:1337')
      await sendOnPagePort(sessionPage, id, attack.first)
      await sessionPage.waitForTimeout(300)
      await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
      const closed = window.waitForEvent('close')
      await addProposedNetwork(window, { allowLocal: true })
      await closed
      const [, answer] = await answersOf(sessionPage, 2)
      expect(answer).toEqual({ jsonrpc: '2.0', id, result: null })
      const { customNetworks } = await wallet.popup.evaluate(() =>
        chrome.storage.local.get('customNetworks'),
      )
      expect((customNetworks as Array<{ chainId: string }>).map(({ chainId }) => chainId)).toEqual([
        'eip155:1337',
      ])
    } finally {
      await wallet.popup.evaluate(() => chrome.storage.local.set({ customNetworks: [] }))
      await second.close()
    }
  })

  test('wallet_createSession re-sent asking for signing and other session properties is refused; the scopes shown are the ones granted', async ({
    dappPage,
    wallet,
    serviceWorker,
    approvalWindow,
  }) => {
    const attack: Attack = {
      page: dappPage,
      wallet,
      serviceWorker,
      first: { method: 'wallet_createSession', params: blockNumberRequest },
      window: () => approvalWindow(),
    }
    const approval = await sendDropAndStop(attack)
    await sendOnPagePort(dappPage, id, {
      method: 'wallet_createSession',
      params: {
        optionalScopes: {
          [devnet]: { methods: ['eth_sendTransaction', 'personal_sign'], notifications: [] },
        },
        sessionProperties: { expiry: '2099-01-01T00:00:00Z' },
      },
    })
    expect(await answersOf(dappPage, 1)).toEqual([expect.objectContaining(refusal)])
    await expect(approval.getByTestId(`approval-methods-${devnet}`)).toHaveText(
      /^1 method, 1 notification$/,
    )
    await sendOnPagePort(dappPage, id, attack.first)
    await dappPage.waitForTimeout(300)
    await approve(approval)
    const [, answer] = await answersOf(dappPage, 2)
    expect(answer?.result as SessionResult).toEqual(blockNumberSession)
  })

  test("another document naming the same connection gets a connection of its own, never the first document's answer", async ({
    sessionPage,
    openDapp,
    wallet,
  }) => {
    const text = 'Sign in to example'
    const sign = invoke(devnet, 'personal_sign', [stringToHex(text), firstAccount])
    await openPagePort(sessionPage, wallet.extensionId, connectionId)
    await sendOnPagePort(sessionPage, id, sign)
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const other = await openDapp()
    await openPagePort(other, wallet.extensionId, connectionId)
    await sendOnPagePort(other, id, sign)
    // Not re-attached to the first document's request: a request of its own, queued behind it.
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 2')
    await window.getByTestId('confirm-approve').click()
    const [answer] = await answersOf(sessionPage, 1)
    expect(
      await verifyMessage({
        address: firstAccount,
        message: text,
        signature: answer?.result as `0x${string}`,
      }),
    ).toBe(true)
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
    expect(await pagePortAnswers(other, id)).toEqual([])
    await answerAndClose(window, 'reject')
    expect(await answersOf(other, 1)).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: 4001 }) }),
    ])
  })
})
