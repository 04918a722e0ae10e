import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { devnet, expect, test } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { evaluateInContentScript } from './support/contentScriptWorld.ts'
import { extensionDirectory, launchWallet } from './support/launchWallet.ts'
import { request, resultOf } from './support/provider.ts'
import { serveDapp } from './support/serveDapp.ts'
import {
  approve,
  configureLocalDevnet,
  onboard,
  waitForApprovalWindow,
} from './support/walletUi.ts'

/** What a session record grants a page: its Multichain API session and its EIP-1193 accounts. */
async function grants(page: Page) {
  return {
    session: await resultOf(page, 'wallet_getSession', {}),
    accounts: await page.evaluate(() =>
      (
        window as unknown as { ethereum: { request(args: { method: string }): Promise<unknown> } }
      ).ethereum.request({ method: 'eth_accounts' }),
    ),
  }
}

const nothing = { session: { sessionScopes: {}, sessionProperties: {} }, accounts: [] }

/** A session as the worker kept them before they were sealed: the devnet's first account. */
const forgedSession = () => ({
  sessionScopes: {
    [devnet]: {
      methods: ['eth_accounts', 'personal_sign', 'eth_sendTransaction'],
      notifications: [],
      accounts: [`${devnet}:${firstAccount.toLowerCase()}`],
    },
  },
  sessionProperties: {},
  requestedScopes: { [devnet]: { methods: ['personal_sign'], notifications: [] } },
  createdAt: Date.now(),
})

test.describe('chrome.storage.local is closed to content scripts, and a session is trusted only if the worker wrote it', () => {
  test('the content-script world of a web page can neither read the vault nor write a session', async ({
    dappPage,
    wallet,
  }) => {
    const attempt = await evaluateInContentScript<{
      read?: string
      wrote?: boolean
      error?: string
    }>(
      dappPage,
      wallet.extensionId,
      `(async () => {
        const outcome = {}
        try {
          const { vault } = await chrome.storage.local.get('vault')
          outcome.read = typeof vault
        } catch (error) { outcome.error = String(error) }
        try {
          await chrome.storage.local.set({ ['session:' + location.origin]: { forged: true } })
          outcome.wrote = true
        } catch (error) { outcome.error = String(error) }
        return outcome
      })()`,
    )
    expect(attempt.read).toBeUndefined()
    expect(attempt.wrote).toBeUndefined()
    expect(attempt.error).toBeTruthy()
    // The vault is there all the same, for the extension's own pages.
    expect(
      await wallet.popup.evaluate(
        async () => typeof (await chrome.storage.local.get('vault')).vault,
      ),
    ).toBe('string')
  })

  test('a forged or copied session:<origin> record grants nothing after a worker restart, and is dropped', async ({
    dappPage,
    openDapp,
    otherDapp,
    connect,
    wallet,
    serviceWorker,
  }) => {
    const victim = await openDapp(otherDapp)
    await connect(victim)
    const origin = new URL(dappPage.url()).origin
    const key = `session:${origin}`
    // Written from a trusted context: what a context that gets past the access level could write.
    const write = (value: unknown) =>
      wallet.popup.evaluate(([key, value]) => chrome.storage.local.set({ [key]: value }), [
        key,
        value,
      ] as const)
    const stored = () =>
      wallet.popup.evaluate(async (key) => (await chrome.storage.local.get(key))[key], key)

    await write(forgedSession())
    await serviceWorker.stop()
    expect(await grants(dappPage)).toEqual(nothing)
    expect(await stored()).toBeUndefined()

    // Another origin's record, sealed by the worker, copied under this page's key.
    const copied = await wallet.popup.evaluate(
      async (key) => (await chrome.storage.local.get(key))[key],
      `session:${otherDapp.origin}`,
    )
    await write(copied)
    await serviceWorker.stop()
    expect(await grants(dappPage)).toEqual(nothing)
    expect(await stored()).toBeUndefined()
    // The record the worker wrote is still its origin's session after the restarts.
    expect((await grants(victim)).accounts).toEqual([firstAccount.toLowerCase()])
  })
})

test('a session outlives a browser restart: its seal key is kept with the profile', async ({
  endpoint,
}) => {
  test.setTimeout(120_000)
  const dapp = await serveDapp()
  const profile = await mkdtemp(join(tmpdir(), 'aperture-restart-'))
  try {
    const first = await launchWallet({ userDataDir: profile })
    try {
      const popup = await onboard(first.context, first.popupUrl)
      await configureLocalDevnet(popup, endpoint)
      const page = await first.context.newPage()
      await page.goto(dapp.url)
      const asked = request(page, 'wallet_createSession', {
        optionalScopes: { [devnet]: { methods: ['eth_accounts'], notifications: [] } },
      })
      await approve(
        await waitForApprovalWindow(first.context, first.extensionOrigin, first.popupUrl),
      )
      expect((await asked).error).toBeUndefined()
    } finally {
      await first.context.close()
    }
    const second = await launchWallet({ userDataDir: profile })
    try {
      const page = await second.context.newPage()
      await page.goto(dapp.url)
      await expect
        .poll(() => grants(page).then((granted) => granted.accounts))
        .toEqual([firstAccount.toLowerCase()])
    } finally {
      await second.context.close()
    }
  } finally {
    await dapp.close()
    await rm(profile, { recursive: true, force: true })
  }
})

test('an update of the extension removes the storage items earlier builds wrote and this one no longer reads', async () => {
  test.setTimeout(120_000)
  // The build copied, so that its manifest's version can be raised: the same path is the same
  // extension id, and a higher version at the next start is an update (`onInstalled`).
  const root = await mkdtemp(join(tmpdir(), 'aperture-update-'))
  const extensionPath = join(root, 'extension')
  const profile = join(root, 'profile')
  try {
    await cp(extensionDirectory, extensionPath, { recursive: true })
    const first = await launchWallet({ extensionPath, userDataDir: profile })
    try {
      const page = await first.context.newPage()
      await page.goto(first.popupUrl)
      // An earlier build's shared approval scans (retiredLocalKeys), beside an item this one reads.
      await page.evaluate(() =>
        chrome.storage.local.set({
          approvalScans: { 'eip155:1': { block: 1 } },
          phishingContinued: ['continued.example'],
        }),
      )
    } finally {
      await first.context.close()
    }
    const manifestPath = join(extensionPath, 'manifest.json')
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string }
    await writeFile(manifestPath, JSON.stringify({ ...manifest, version: `${manifest.version}.1` }))
    const second = await launchWallet({ extensionPath, userDataDir: profile })
    try {
      const page = await second.context.newPage()
      await page.goto(second.popupUrl)
      await expect
        .poll(() =>
          page.evaluate(() => chrome.storage.local.get(['approvalScans', 'phishingContinued'])),
        )
        .toEqual({ phishingContinued: ['continued.example'] })
    } finally {
      await second.context.close()
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})
