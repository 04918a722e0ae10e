import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from 'puppeteer-core'
import { recoverMessageAddress, toHex } from 'viem'
import { anvilRpc, blockNumber, firstAccount, mine } from '../e2e/support/anvil.ts'
import { chainOf } from '../e2e/support/ethereumDapps.ts'
import type { Notification, Outcome, SessionResult } from '../e2e/support/provider.ts'
import { sniffedResponses, sniffResponses } from '../e2e/support/responseSniffer.ts'
import { firstSolanaAddress, fromBase58, localSolana } from '../e2e/support/solanaDapp.ts'
import { expect, type FirefoxWallet, test } from './fixtures.ts'
import { answerAndWaitClosed, waitForWindow } from './support/firefoxWallet.ts'
import { byTestId } from './support/launchFirefox.ts'

const devnet = 'eip155:31337'

/** `window.aperture.request` in the page, settled to its result or its error. */
const request = <T = unknown>(page: Page, method: string, params?: unknown): Promise<Outcome<T>> =>
  page.evaluate(
    async (method, params) => {
      try {
        return { result: (await window.aperture?.request({ method, params })) as T }
      } catch (thrown) {
        const { code, message } = thrown as { code: number; message: string }
        return { error: { code, message } }
      }
    },
    method,
    params,
  )

const invoke = <T = unknown>(page: Page, method: string, params: unknown[] = []) =>
  request<T>(page, 'wallet_invokeMethod', { scope: devnet, request: { method, params } })

/** `wallet_createSession` approved in the approval window as offered. */
async function createSession(firefox: FirefoxWallet, page: Page, methods: string[]) {
  const pending = request<SessionResult>(page, 'wallet_createSession', {
    optionalScopes: { [devnet]: { methods, notifications: ['eth_subscription'] } },
  })
  const approval = await waitForWindow(firefox, 'approval-origin')
  await answerAndWaitClosed(firefox, approval, 'approval-approve')
  const outcome = await pending
  expect(outcome.error).toBeUndefined()
  return outcome.result
}

test('onboarding by the popup test ids ends on the home screen with the first account', async ({
  firefox,
}) => {
  const home = await firefox.popup.$(byTestId(`home-account-${firstAccount.toLowerCase()}`))
  expect(home).not.toBeNull()
  const stored = await firefox.popup.evaluate(async () =>
    Object.keys(await chrome.storage.local.get(null)),
  )
  expect(stored).toContain('settings')
})

test('wallet_createSession approved in the approval window, then wallet_invokeMethod reads anvil through the endpoint', async ({
  firefox,
  openInFirefox,
  anvilUrl,
}) => {
  const page = await openInFirefox()
  const session = await createSession(firefox, page, ['eth_blockNumber', 'eth_getBalance'])
  expect(session?.sessionScopes[devnet]?.accounts).toEqual([`${devnet}:${firstAccount}`])

  const head = await blockNumber(anvilUrl)
  expect(await invoke(page, 'eth_blockNumber')).toEqual({ result: toHex(head) })
  const balance = await anvilRpc<string>(anvilUrl, 'eth_getBalance', [firstAccount, 'latest'])
  expect(await invoke(page, 'eth_getBalance', [firstAccount, 'latest'])).toEqual({
    result: balance,
  })
})

test('an eth_subscribe newHeads subscription over the WebSocket delivers every mined block', async ({
  firefox,
  openInFirefox,
  anvilUrl,
}) => {
  const page = await openInFirefox()
  await createSession(firefox, page, ['eth_subscribe', 'eth_unsubscribe'])
  const subscribed = await invoke<string>(page, 'eth_subscribe', ['newHeads'])
  expect(subscribed.result).toMatch(/^0x[0-9a-f]+$/)

  const head = await blockNumber(anvilUrl)
  await mine(anvilUrl, 2)
  const heads = () =>
    page.evaluate(
      (subscription) =>
        window.apertureDemo.events.flatMap((event: Notification) => {
          const { notification } = event.params as {
            notification?: { params: { subscription: string; result: { number: string } } }
          }
          return event.name === 'wallet_notify' &&
            notification?.params.subscription === subscription
            ? [Number(notification.params.result.number)]
            : []
        }),
      subscribed.result ?? '',
    )
  await expect.poll(heads).toEqual([head + 1, head + 2])
  expect(await invoke(page, 'eth_unsubscribe', [subscribed.result])).toEqual({ result: true })
})

test('personal_sign is signed after the confirmation window shows the message, by the account', async ({
  firefox,
  openInFirefox,
}) => {
  const page = await openInFirefox()
  await createSession(firefox, page, ['personal_sign'])
  const message = 'Firefox signs what it showed'
  const pending = invoke<`0x${string}`>(page, 'personal_sign', [toHex(message), firstAccount])
  const confirmation = await waitForWindow(firefox, 'confirm-message')
  const shown = await confirmation.$eval(byTestId('confirm-message'), (node) => node.textContent)
  expect(shown).toContain(message)
  await answerAndWaitClosed(firefox, confirmation, 'confirm-approve')

  const signed = await pending
  expect(signed.result).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await recoverMessageAddress({ message, signature: signed.result ?? '0x' })).toBe(
    firstAccount,
  )
})

test('the bundled viem page finds Aperture by EIP-6963, connects and signs a message it verifies', async ({
  firefox,
  openInFirefox,
  endpoint,
}) => {
  const page = await openInFirefox('viem.html')
  await page.waitForFunction(() => window.viemDapp !== undefined)
  expect((await page.evaluate(() => window.viemDapp.discover())).rdns).toBe('dev.aperture.canary')
  const chain = chainOf(endpoint)

  const connecting = page.evaluate((chain) => window.viemDapp.requestAddresses(chain), chain)
  await answerAndWaitClosed(
    firefox,
    await waitForWindow(firefox, 'approval-origin'),
    'approval-approve',
  )
  expect(await connecting).toEqual({ result: [firstAccount] })

  const signing = page.evaluate(
    (chain, account) => window.viemDapp.signMessage(chain, account, 'hello from viem in Firefox'),
    chain,
    firstAccount,
  )
  await answerAndWaitClosed(
    firefox,
    await waitForWindow(firefox, 'confirm-message'),
    'confirm-approve',
  )
  expect(await signing).toEqual({ result: { signature: expect.any(String), valid: true } })
})

test('the Solana Wallet Standard wallet connects and signs a message against Surfpool', async ({
  firefox,
  openInFirefox,
}) => {
  const page = await openInFirefox('solana-wallet-standard.html')
  await page.waitForSelector(`${byTestId('solana-wallet-status')}::-p-text(Aperture)`)

  const connecting = page.evaluate(() => window.solanaDapp.connect())
  const approval = await waitForWindow(firefox, `approval-chain-${localSolana}`)
  await answerAndWaitClosed(firefox, approval, 'approval-approve')
  const connected = await connecting
  if ('error' in connected) throw new Error(`connect failed: ${JSON.stringify(connected.error)}`)
  expect(connected.value.map((account) => account.address)).toEqual([firstSolanaAddress])

  const text = 'Firefox signs a Solana message'
  const signing = page.evaluate((text) => window.solanaDapp.signMessage(text), text)
  const confirmation = await waitForWindow(firefox, 'confirm-solana-message')
  await answerAndWaitClosed(firefox, confirmation, 'confirm-approve')
  const signed = await signing
  if ('error' in signed) throw new Error(`signMessage failed: ${JSON.stringify(signed.error)}`)
  const message = new TextEncoder().encode(text)
  expect(Uint8Array.from(signed.value.signedMessage)).toEqual(message)
  const signature = fromBase58(signed.value.signature)
  expect(ed25519.verify(signature, message, fromBase58(firstSolanaAddress))).toBe(true)
})

test('CAIP-294 announces Aperture with no extension target, EIP-6963 announces its provider', async ({
  openInFirefox,
}) => {
  const page = await openInFirefox()
  const announced = await page.evaluate(() => {
    const caip294: unknown[] = []
    const eip6963: unknown[] = []
    window.addEventListener('caip294:wallet_announce', (event) =>
      caip294.push((event as CustomEvent).detail),
    )
    window.addEventListener('eip6963:announceProvider', (event) =>
      eip6963.push((event as CustomEvent<{ info: unknown }>).detail.info),
    )
    window.dispatchEvent(new CustomEvent('caip294:wallet_prompt'))
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return { caip294, eip6963 }
  })
  expect(announced.caip294).toEqual([
    {
      id: 1,
      jsonrpc: '2.0',
      method: 'wallet_announce',
      params: {
        uuid: expect.any(String),
        name: 'Aperture Canary',
        icon: expect.stringMatching(/^data:image\//),
        rdns: 'dev.aperture.canary',
        targets: [],
      },
    },
  ])
  expect(announced.eip6963).toEqual([
    {
      uuid: expect.any(String),
      name: 'Aperture',
      icon: expect.stringMatching(/^data:image\//),
      rdns: 'dev.aperture.canary',
    },
  ])
})

test('the background stopped while a request waits for its approval: the request is answered once', async ({
  firefox,
  openInFirefox,
}) => {
  const page = await openInFirefox()
  await sniffResponses(page)
  const pending = request<SessionResult>(page, 'wallet_createSession', {
    optionalScopes: { [devnet]: { methods: ['eth_blockNumber'], notifications: [] } },
  })
  const approval = await waitForWindow(firefox, 'approval-origin')
  await firefox.stopBackground()
  await answerAndWaitClosed(firefox, approval, 'approval-approve')

  const outcome = await pending
  expect(outcome.result?.sessionScopes[devnet]?.methods).toEqual(['eth_blockNumber'])
  expect(await invoke(page, 'eth_blockNumber')).toEqual({ result: expect.stringMatching(/^0x/) })
  const responses = await sniffedResponses(page)
  expect(responses.total).toBe(responses.distinct)
  expect(responses.distinct).toBeGreaterThanOrEqual(2)
})
