import { devnet, expect } from './fixtures.ts'
import { request, type SessionResult } from './support/provider.ts'
import {
  changesOf,
  connectSolana,
  dappCall,
  firstSolanaAddress,
  fromBase58,
  localSolana,
  solanaTest as test_,
  type ViewedAccount,
} from './support/solanaDapp.ts'
import { approve } from './support/walletUi.ts'

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

  test_(
    'connects into the origin’s session and disconnects keeping the EVM scope',
    async ({ solanaPage, connect, approvalWindow }) => {
      await connect(solanaPage)
      expect(await dappCall(solanaPage, 'connect', true)).toEqual({ value: [] })

      const accounts = await connectSolana(solanaPage, approvalWindow)
      expect(accounts).toEqual([
        {
          address: firstSolanaAddress,
          publicKey: Array.from(fromBase58(firstSolanaAddress)),
          chains: ['solana:localnet'],
          features: [
            'solana:signMessage',
            'solana:signTransaction',
            'solana:signAndSendTransaction',
            'solana:signIn',
          ],
        },
      ])
      const session = await request<SessionResult>(solanaPage, 'wallet_getSession', {})
      expect(Object.keys(session.result?.sessionScopes ?? {}).sort()).toEqual([devnet, localSolana])
      expect(session.result?.sessionScopes[localSolana]?.accounts).toEqual([
        `${localSolana}:${firstSolanaAddress}`,
      ])
      expect(await changesOf(solanaPage)).toEqual([{ accounts: [firstSolanaAddress] }])

      expect(await dappCall(solanaPage, 'disconnect')).toEqual({})
      const after = await request<SessionResult>(solanaPage, 'wallet_getSession', {})
      expect(Object.keys(after.result?.sessionScopes ?? {})).toEqual([devnet])
      expect(await solanaPage.evaluate(() => window.solanaDapp.accounts())).toEqual([])
      expect((await changesOf(solanaPage)).at(-1)).toEqual({ accounts: [] })
    },
  )

  test_(
    'hears a session change made by another API (a Multichain API revoke)',
    async ({ solanaPage, approvalWindow }) => {
      await connectSolana(solanaPage, approvalWindow)
      await request(solanaPage, 'wallet_revokeSession', {})
      await expect
        .poll(() => changesOf(solanaPage))
        .toEqual([{ accounts: [firstSolanaAddress] }, { accounts: [] }])
    },
  )

  test_(
    'a connect whose approval is open when the worker stops is answered once, after the approval',
    async ({ solanaPage, approvalWindow, serviceWorker, wallet }) => {
      const opened: string[] = []
      wallet.context.on('page', (page) => {
        if (page.url().includes('?approval=')) opened.push(page.url())
      })
      const pending = dappCall<ViewedAccount[]>(solanaPage, 'connect')
      const window = await approvalWindow()
      await serviceWorker.stop()
      await approve(window)
      const outcome = await pending
      expect(outcome.value?.map((account) => account.address)).toEqual([firstSolanaAddress])
      expect(serviceWorker.stops).toBe(1)
      // The connect the page re-sent to the restarted worker re-attached: no second window.
      expect(opened).toHaveLength(1)
      expect(await changesOf(solanaPage)).toEqual([{ accounts: [firstSolanaAddress] }])
    },
  )
})
