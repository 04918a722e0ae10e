import { ed25519 } from '@noble/curves/ed25519.js'
import { address, createNoopSigner } from '@solana/kit'
import { getAssignInstruction } from '@solana-program/system'
import { AuthorityType, getSetAuthorityInstruction } from '@solana-program/token'
import { expect } from './fixtures.ts'
import { waitForConfirmation } from './support/confirmations.ts'
import {
  answerAndClose,
  balanceOf,
  base58,
  connectSolana,
  dappCall,
  firstSolanaAddress,
  fromBase58,
  statusOf,
  surfpool,
  solanaTest as test_,
} from './support/solanaDapp.ts'
import { createTokenAccounts } from './support/solanaToken.ts'
import { unsignedTransaction } from './support/solanaTransfer.ts'
import { approve } from './support/walletUi.ts'

type Signed = { address: string; signature: string; signedMessage: number[] }

test_.describe('signing with the Solana Wallet Standard wallet', () => {
  test_(
    'signs a message (ed25519, the account’s key) after the confirmation shows its text',
    async ({ solanaPage, approvalWindow, wallet }) => {
      await connectSolana(solanaPage, approvalWindow)
      const text = 'Sign in to the Solana dapp: nonce 8f2c'
      const pending = dappCall<Signed>(solanaPage, 'signMessage', text)
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-solana-message')).toContainText(text)
      await answerAndClose(confirmation, 'approve', 'solana-standard-sign-message')
      const signed = await pending
      expect(signed.error).toBeUndefined()
      const message = new TextEncoder().encode(text)
      expect(Uint8Array.from(signed.value?.signedMessage ?? [])).toEqual(message)
      const signature = fromBase58(signed.value?.signature ?? '')
      expect(ed25519.verify(signature, message, fromBase58(firstSolanaAddress))).toBe(true)
    },
  )

  test_(
    'signs in with Solana (SIWS) before connecting: connects first, then signs the message',
    async ({ solanaPage, approvalWindow, wallet }) => {
      // Signing in before connecting connects first (the approval window), then signs the message.
      const signingIn = dappCall<Signed>(solanaPage, 'signIn', 'Welcome back', 'n0nce123')
      await approve(await approvalWindow())
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await answerAndClose(confirmation, 'approve', 'solana-standard-sign-in')
      const signedIn = await signingIn
      expect(signedIn.error).toBeUndefined()
      expect(signedIn.value?.address).toBe(firstSolanaAddress)
      const text = new TextDecoder().decode(Uint8Array.from(signedIn.value?.signedMessage ?? []))
      expect(text).toContain(
        `${new URL(solanaPage.url()).host} wants you to sign in with your Solana account:`,
      )
      expect(text).toContain(firstSolanaAddress)
      expect(text).toContain('Welcome back')
      expect(text).toContain('Nonce: n0nce123')
      const signedMessage = Uint8Array.from(signedIn.value?.signedMessage ?? [])
      const signature = fromBase58(signedIn.value?.signature ?? '')
      expect(ed25519.verify(signature, signedMessage, fromBase58(firstSolanaAddress))).toBe(true)
    },
  )

  test_(
    'signs and sends a transfer after the preview, signs without sending, and a rejection is 4001',
    async ({ solanaPage, approvalWindow, wallet, solana }) => {
      await connectSolana(solanaPage, approvalWindow)
      // Where transfers go: a fresh address, with no account on the chain yet.
      const recipient = base58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
      await surfpool(solana, 'requestAirdrop', [firstSolanaAddress, 2_000_000_000])
      await expect.poll(() => balanceOf(solana, firstSolanaAddress)).toBeGreaterThan(0)
      const before = await balanceOf(solana, firstSolanaAddress)
      const amount = 12_345_678

      const sending = dappCall<{ signature: string }>(
        solanaPage,
        'signAndSendTransfer',
        solana.httpUrl,
        recipient,
        amount,
      )
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      await expect(confirmation.getByTestId('confirm-solana-fee-payer')).toContainText(
        firstSolanaAddress,
      )
      await expect(confirmation.getByTestId('confirm-solana-instructions')).toContainText(recipient)
      // The preview, simulated on the chain's node: the transfer and the fee (5,000 lamports a signature).
      await expect(confirmation.getByTestId('confirm-simulation')).toContainText('0.012350678 SOL')
      await answerAndClose(confirmation, 'approve', 'solana-standard-sign-and-send')
      const sent = await sending
      expect(sent.error).toBeUndefined()
      const signature = sent.value?.signature ?? ''
      await expect
        .poll(async () => (await statusOf(solana, signature))?.confirmationStatus)
        .toMatch(/confirmed|finalized/)
      expect(await balanceOf(solana, recipient)).toBe(amount)
      const spent = before - (await balanceOf(solana, firstSolanaAddress))
      expect(spent).toBeGreaterThan(amount)
      expect(spent).toBeLessThan(amount + 100_000)

      const signing = dappCall<{ signedTransaction: string }>(
        solanaPage,
        'signTransfer',
        solana.httpUrl,
        recipient,
        amount,
      )
      await answerAndClose(
        await waitForConfirmation(wallet.context, wallet.extensionOrigin),
        'approve',
      )
      const signedOnly = await signing
      expect(signedOnly.error).toBeUndefined()
      const wire = Buffer.from(signedOnly.value?.signedTransaction ?? '', 'base64')
      // A wire transaction: the signature count (one), the signature, then the message it signs.
      expect(wire[0]).toBe(1)
      const ownSignature = wire.subarray(1, 65)
      const key = fromBase58(firstSolanaAddress)
      expect(ed25519.verify(ownSignature, wire.subarray(65), key)).toBe(true)
      expect(await statusOf(solana, base58.decode(ownSignature))).toBeNull()
      expect(await balanceOf(solana, recipient)).toBe(amount)

      const rejecting = dappCall(solanaPage, 'signMessage', 'never signed')
      await answerAndClose(
        await waitForConfirmation(wallet.context, wallet.extensionOrigin),
        'reject',
      )
      expect((await rejecting).error).toMatchObject({ code: 4001, name: 'WalletRequestError' })
    },
  )

  test_(
    "a transaction handing the user's token account (SetAuthority) or account (Assign) to another key is blocked until stepped past",
    async ({ solanaPage, approvalWindow, wallet, solana }) => {
      await connectSolana(solanaPage, approvalWindow)
      await surfpool(solana, 'requestAirdrop', [firstSolanaAddress, 2_000_000_000])
      await expect.poll(() => balanceOf(solana, firstSolanaAddress)).toBeGreaterThan(0)
      const token = await createTokenAccounts(solana, {
        owner: firstSolanaAddress,
        decimals: 6,
        amount: 5_000_000n,
      })
      const thief = base58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
      const user = createNoopSigner(address(firstSolanaAddress))
      const wire = await unsignedTransaction({
        rpcUrl: solana.httpUrl,
        feePayer: firstSolanaAddress,
        instructions: [
          getSetAuthorityInstruction({
            owned: address(token.source),
            owner: user,
            authorityType: AuthorityType.AccountOwner,
            newAuthority: address(thief),
          }),
          getAssignInstruction({ account: user, programAddress: address(thief) }),
        ],
      })
      const signing = dappCall(solanaPage, 'signTransactionBytes', Array.from(wire))
      const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
      const warning = confirmation.getByTestId('warning-authority')
      await expect(warning).toContainText(`the account owner of ${token.source} to ${thief}`)
      await expect(warning).toContainText(`the owner program of ${firstSolanaAddress} to ${thief}`)
      await expect(confirmation.getByTestId('confirm-solana-instruction-0')).toContainText(
        'Set authority',
      )
      // A block: Approve stays disabled until the user steps past the warning on purpose.
      await expect(confirmation.getByTestId('confirm-approve')).toBeDisabled()
      await confirmation.getByTestId('warning-continue').click()
      await expect(confirmation.getByTestId('confirm-approve')).toBeEnabled()
      await answerAndClose(confirmation, 'reject', 'solana-standard-authority-warning')
      expect((await signing).error).toMatchObject({ code: 4001 })
    },
  )
})
