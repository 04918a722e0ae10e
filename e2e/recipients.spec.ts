import type { Page } from '@playwright/test'
import { generateKeyPairSigner, isAddress as isSolanaAddress } from '@solana/kit'
import { encodeFunctionData, erc20Abi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { devnet, expect } from './fixtures.ts'
import { anvilRpc, firstAccount, secondAccount } from './support/anvil.ts'
import { waitForConfirmation } from './support/confirmations.ts'
import { invoke } from './support/provider.ts'
import { reviewSend } from './support/sendScreen.ts'
import {
  answerAndClose,
  balanceOf,
  firstSolanaAddress,
  localSolana,
  surfpool,
  solanaTest as test,
} from './support/solanaDapp.ts'
import { transferTransaction } from './support/solanaTransfer.ts'
import { deployTestToken } from './support/testToken.ts'

// The recipient guardrails of DESIGN §11 (issue 35) in the built extension: on the owner's send
// screen (the confirmation it opens) and on dapps' confirmations, EVM on anvil and Solana on
// Surfpool. The verdicts come from the worker's own records and the bundled list.

/** On the bundled known-bad list (ethereum-lists' darklist: fake giveaways). */
const listedScammer = '0x08389B19ad52f0d983609ab785b3a43A0E90355F'

/** A session on the devnet for sending transactions and batches, and on the Local Solana devnet. */
const sendingSession = {
  optionalScopes: {
    [devnet]: { methods: ['eth_sendTransaction', 'wallet_sendCalls'], notifications: [] },
    [localSolana]: { methods: [], notifications: [] },
  },
}

/** A fresh EVM address nobody has sent to. */
const freshEvmAddress = (): string => privateKeyToAddress(generatePrivateKey())

/** `address` with its middle replaced: the same first and last 4 hex digits, another address. */
const evmLookalikeOf = (address: string): string =>
  `0x${address.slice(2, 6)}${'0'.repeat(32)}${address.slice(-4)}`.toLowerCase()

/** A valid base58 key with `key`'s first and last 4 characters and one middle character changed. */
function solanaLookalikeOf(key: string): string {
  for (const char of 'ABCDEFGHJKLMNPQRSTUVWXYZ') {
    const candidate = `${key.slice(0, 20)}${char}${key.slice(21)}`
    if (candidate !== key && isSolanaAddress(candidate)) return candidate
  }
  throw new Error(`no lookalike of ${key}`)
}

/** `address` with the case of its first letter flipped: mixed-case with a broken checksum. */
function miswritten(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2
  const letter = address[at] ?? ''
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()
  return `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`
}

/** Approve stays disabled until the user steps past the block warning with `warning-continue`. */
async function stepPast(window: Page): Promise<void> {
  await expect(window.getByTestId('confirm-approve')).toBeDisabled()
  await expect(window.getByTestId('warning-continue')).toBeEnabled()
  await window.getByTestId('warning-continue').click()
  await expect(window.getByTestId('confirm-approve')).toBeEnabled()
}

test.describe('recipient warnings on the owner’s send (DESIGN §11)', () => {
  test('a first recipient is marked new, and known once sent to; its lookalike is blocked, naming it', async ({
    wallet,
  }) => {
    const recipient = freshEvmAddress()
    const first = await reviewSend(wallet, { to: recipient, amount: '0.01' })
    await expect(first.getByTestId('warning-new-address')).toContainText(recipient)
    await expect(first.getByTestId('warning-continue')).toHaveCount(0)
    await answerAndClose(first, 'approve', 'warning-new-address')
    await expect(wallet.popup.getByTestId('send-sent')).toBeVisible()

    const again = await reviewSend(wallet, { to: recipient, amount: '0.01' })
    await expect(again.getByTestId('confirm-tx-to')).toContainText(recipient)
    await expect(again.getByTestId('warning-new-address')).toHaveCount(0)
    await answerAndClose(again, 'reject')

    const poisoned = await reviewSend(wallet, { to: evmLookalikeOf(recipient), amount: '0.01' })
    await expect(poisoned.getByTestId('warning-lookalike')).toContainText(
      new RegExp(`like ${recipient}, an address this account has sent to`, 'i'),
    )
    await expect(poisoned.getByTestId('warning-lookalike')).toHaveAttribute('role', 'alert')
    await stepPast(poisoned)
    await answerAndClose(poisoned, 'reject', 'warning-lookalike')
  })

  test('an address on the known-bad list is blocked until the user steps past; then it is sent', async ({
    wallet,
    anvilUrl,
  }) => {
    const balance = async () =>
      BigInt(await anvilRpc<string>(anvilUrl, 'eth_getBalance', [listedScammer, 'latest']))
    const before = await balance()
    const window = await reviewSend(wallet, { to: listedScammer.toLowerCase(), amount: '0.02' })
    await expect(window.getByTestId('warning-known-bad')).toContainText(
      'known to have stolen funds (Scam address for various fake twitter accounts and fake giveaways)',
    )
    await stepPast(window)
    await answerAndClose(window, 'approve', 'warning-known-bad')
    await expect(wallet.popup.getByTestId('send-sent')).toBeVisible()
    await expect.poll(balance).toBe(before + parseEther('0.02'))
  })

  test('a Solana recipient: new, then a lookalike of the wallet’s own key is blocked, naming it', async ({
    wallet,
    solanaNetwork,
  }) => {
    await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 2_000_000_000])
    await expect.poll(() => balanceOf(solanaNetwork, firstSolanaAddress)).toBeGreaterThan(0)
    const lookalike = solanaLookalikeOf(firstSolanaAddress)
    const window = await reviewSend(wallet, { network: localSolana, to: lookalike, amount: '0.1' })
    await expect(window.getByTestId('warning-lookalike')).toContainText(
      `${lookalike} begins and ends like ${firstSolanaAddress}, one of your own accounts`,
    )
    await expect(window.getByTestId('warning-new-address')).toContainText(lookalike)
    await stepPast(window)
    await answerAndClose(window, 'reject', 'warning-lookalike-solana')
  })
})

test.describe('recipient warnings on a dapp’s confirmations (DESIGN §11)', () => {
  test('Multichain API: a `to` written with a bad EIP-55 checksum is warned; a lookalike of the user’s account is blocked', async ({
    wallet,
    dappPage,
    connect,
  }) => {
    await connect(dappPage, sendingSession)
    const badTo = miswritten(secondAccount)
    const pending = invoke(dappPage, devnet, 'eth_sendTransaction', [
      { from: firstAccount, to: badTo, value: '0x1' },
    ])
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('warning-checksum')).toContainText(
      `The site wrote the address ${badTo} with capital letters that do not match its checksum`,
    )
    await expect(window.getByTestId('confirm-reject')).toHaveClass(/primary/)
    await answerAndClose(window, 'reject', 'warning-checksum')
    expect((await pending).error?.code).toBe(4001)

    const imitation = evmLookalikeOf(firstAccount)
    const poisoned = invoke(dappPage, devnet, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        atomicRequired: false,
        calls: [{ to: imitation, value: '0x1' }],
      },
    ])
    const batch = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(batch.getByTestId('warning-lookalike')).toContainText(
      new RegExp(`like ${firstAccount}, one of your own accounts`, 'i'),
    )
    await expect(batch.getByTestId('confirm-approve')).toBeDisabled()
    await answerAndClose(batch, 'reject')
    expect((await poisoned).error?.code).toBe(4001)
  })

  test('EIP-1193: an ERC-20 transfer whose recipient the data writes with a bad checksum is warned', async ({
    wallet,
    ethereumPage,
    anvilUrl,
  }) => {
    const token = await deployTestToken(anvilUrl, parseEther('10'))
    const recipient = freshEvmAddress()
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient as `0x${string}`, 1n],
    })
    // The recipient's 20 bytes in the call data, written mixed-case with one letter's case flipped.
    const badRecipient = miswritten(recipient)
    const written = `${data.slice(0, 34)}${badRecipient.slice(2)}${data.slice(74)}`
    const pending = ethereumPage.evaluate(
      (transaction) =>
        (
          window as unknown as {
            ethereum: { request(args: { method: string; params: unknown[] }): Promise<unknown> }
          }
        ).ethereum
          .request({ method: 'eth_sendTransaction', params: [transaction] })
          .catch((error: { code: number }) => ({ code: error.code })),
      { from: firstAccount, to: token, data: written },
    )
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('warning-checksum')).toContainText(badRecipient)
    await expect(window.getByTestId('warning-new-address')).toContainText(recipient)
    await answerAndClose(window, 'reject')
    expect(await pending).toEqual({ code: 4001 })
  })

  test('Solana: a dapp’s transfer to a new address is marked new, and known once the wallet sent it', async ({
    wallet,
    dappPage,
    connect,
    solanaNetwork,
  }) => {
    await connect(dappPage, sendingSession)
    await surfpool(solanaNetwork, 'requestAirdrop', [firstSolanaAddress, 2_000_000_000])
    await expect.poll(() => balanceOf(solanaNetwork, firstSolanaAddress)).toBeGreaterThan(0)
    const recipient = (await generateKeyPairSigner()).address
    const send = async () => {
      const bytes = await transferTransaction({
        rpcUrl: solanaNetwork.httpUrl,
        from: firstSolanaAddress,
        to: recipient,
        amount: 1_000_000,
      })
      return invoke<{ signature: string }>(dappPage, localSolana, 'signAndSendTransaction', {
        account: { address: firstSolanaAddress },
        transaction: Buffer.from(bytes).toString('base64'),
        scope: localSolana,
        options: { commitment: 'confirmed' },
      })
    }
    const first = send()
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('warning-new-address')).toContainText(recipient)
    await answerAndClose(window, 'approve')
    expect((await first).error).toBeUndefined()
    await expect.poll(() => balanceOf(solanaNetwork, recipient)).toBe(1_000_000)

    const second = send()
    const again = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(again.getByTestId('confirm-solana-instructions')).toContainText(recipient)
    await expect(again.getByTestId('warning-new-address')).toHaveCount(0)
    await answerAndClose(again, 'reject')
    expect((await second).error?.code).toBe(4001)
  })
})
