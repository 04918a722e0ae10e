import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from '@playwright/test'
import { address, createNoopSigner, lamports } from '@solana/kit'
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction } from '@solana-program/token'
import { formatUnits, recoverMessageAddress } from 'viem'
import { devnet, expect } from './fixtures.ts'
import { firstAccount } from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import type { RunningEndpoint } from './support/endpoint.ts'
import { startHoldingProxy } from './support/holdingProxy.ts'
import {
  connectionRow,
  openWalletPopup,
  originOf,
  showConnections,
} from './support/popupScreens.ts'
import { invoke, type Outcome, request, type SessionResult } from './support/provider.ts'
import { sniffedResponses, sniffResponses } from './support/responseSniffer.ts'
import {
  answerAndClose,
  balanceOf,
  base58,
  firstSolanaAddress,
  fromBase58,
  localSolana,
  pointLocalSolanaDevnet,
  statusOf,
  surfpool,
  solanaTest as test,
} from './support/solanaDapp.ts'
import { createLookupTable } from './support/solanaLookupTable.ts'
import { createTokenAccounts, tokenAmountOf } from './support/solanaToken.ts'
import { transferTransaction, unsignedTransaction } from './support/solanaTransfer.ts'
import type { ReadyWallet } from './support/wallet.ts'
import { approve } from './support/walletUi.ts'

// The Solana namespace through the Multichain API (DESIGN §8): `window.aperture`'s
// `wallet_createSession` with a `solana:` scope and `wallet_invokeMethod` of its signing methods,
// on the same per-origin session as the EVM scopes, against the Solana endpoint and Surfpool.

type SignedMessage = { signature: string; signedMessage: string; signatureType: string }

/** Both namespaces in one request: the Local devnet and the Local Solana devnet. */
const bothScopes = {
  optionalScopes: {
    [devnet]: { methods: ['eth_chainId', 'personal_sign'], notifications: [] },
    [localSolana]: { methods: [], notifications: [] },
  },
}

test.use({ sessionRequest: bothScopes })

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

/** A fresh address with no account on the chain yet: where the transfers go. */
const freshAddress = (): string =>
  base58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))

/** The signature (base58) a signed wire transaction carries first: the fee payer's. */
const firstSignatureOf = (wire: Uint8Array): string => base58.decode(wire.subarray(1, 65))

/** Airdrops 2 SOL to the wallet's first Solana account. */
async function fund(solana: RunningEndpoint): Promise<void> {
  const before = await balanceOf(solana, firstSolanaAddress)
  await surfpool(solana, 'requestAirdrop', [firstSolanaAddress, 2_000_000_000])
  await expect.poll(() => balanceOf(solana, firstSolanaAddress)).toBeGreaterThan(before)
}

/**
 * A transfer of 12,345,678 lamports from the wallet's first Solana account (airdropped 2 SOL first)
 * to a fresh address, as the base64 wire transaction a dapp passes.
 */
async function fundedTransfer(solana: RunningEndpoint) {
  await fund(solana)
  const to = freshAddress()
  const amount = 12_345_678
  const bytes = await transferTransaction({
    rpcUrl: solana.httpUrl,
    from: firstSolanaAddress,
    to,
    amount,
  })
  return { to, amount, transaction: base64(bytes) }
}

/** Waits until the chain has `signature`, at `confirmed` or beyond. */
const expectConfirmed = (solana: RunningEndpoint, signature: string) =>
  expect
    .poll(async () => (await statusOf(solana, signature))?.confirmationStatus)
    .toMatch(/confirmed|finalized/)

/** `signAndSendTransaction` of a base64 wire transaction from `page`, through `window.aperture`. */
const signAndSend = (page: Page, transaction: string): Promise<Outcome<{ signature: string }>> =>
  invoke<{ signature: string }>(
    page,
    localSolana,
    'signAndSendTransaction',
    sendParams(transaction),
  )

const sendParams = (transaction: string) => ({
  account: { address: firstSolanaAddress },
  transaction,
  scope: localSolana,
  options: { commitment: 'confirmed' },
})

/**
 * Home lists `signature` once among the first account's own Solana transactions, confirmed, and
 * (when given) shows the account's SOL balance as `lamports`.
 */
async function expectOnHome(
  wallet: ReadyWallet,
  signature: string,
  lamports?: number,
): Promise<void> {
  const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
  if (lamports !== undefined) {
    await expect(
      popup.getByTestId(`home-solana-balance-${firstSolanaAddress}`).locator('[title]'),
    ).toHaveAttribute('title', `${formatUnits(BigInt(lamports), 9)} SOL`)
  }
  const row = popup.getByTestId(`home-solana-${firstSolanaAddress}`).locator('..')
  await row.getByText(/^Transactions \(\d+\)$/).click()
  const entry = row.getByTestId(`activity-solana-tx-${signature}`)
  await expect(entry).toHaveAttribute('data-status', 'confirmed')
  await expect(entry).toHaveCount(1)
  await expect(row.getByTestId(`activity-solana-status-${signature}`)).toHaveText('confirmed')
  await popup.close()
}

test.describe('Solana through window.aperture (wallet_invokeMethod)', () => {
  test('createSession grants a solana scope in base58; signMessage is signed by the account’s ed25519 key', async ({
    solanaNetwork: _pointed,
    dappPage,
    approvalWindow,
    wallet,
  }) => {
    const creating = request<SessionResult>(dappPage, 'wallet_createSession', bothScopes)
    const approval = await approvalWindow()
    await expect(
      approval.getByTestId(`approval-address-solana-${firstSolanaAddress}`),
    ).toBeVisible()
    await approve(approval)
    const session = (await creating).result
    expect(session?.sessionScopes[localSolana]?.accounts).toEqual([
      `${localSolana}:${firstSolanaAddress}`,
    ])
    const text = 'Sign this to prove you own the account: nonce 5be1'
    const pending = invoke<SignedMessage>(dappPage, localSolana, 'signMessage', {
      account: { address: firstSolanaAddress },
      message: base64(new TextEncoder().encode(text)),
    })
    const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(confirmation.getByTestId('confirm-solana-message')).toContainText(text)
    await answerAndClose(confirmation, 'approve', 'solana-multichain-sign-message')
    const { result } = await pending
    expect(result?.signatureType).toBe('ed25519')
    const message = Buffer.from(result?.signedMessage ?? '', 'base64')
    expect(new TextDecoder().decode(message)).toBe(text)
    const signature = fromBase58(result?.signature ?? '')
    expect(ed25519.verify(signature, message, fromBase58(firstSolanaAddress))).toBe(true)

    const rejected = invoke(dappPage, localSolana, 'signMessage', {
      account: { address: firstSolanaAddress },
      message: base64(new TextEncoder().encode('never signed')),
    })
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'reject',
    )
    expect((await rejected).error?.code).toBe(4001)
  })

  test('signAndSendTransaction sends a transfer after its preview; signTransaction signs one without sending it', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
  }) => {
    const { to, amount, transaction } = await fundedTransfer(solana)
    const before = await balanceOf(solana, firstSolanaAddress)

    const sending = signAndSend(sessionPage, transaction)
    const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    // What the user sees before approving: the fee payer, the decoded transfer, the preview
    // simulated on the chain's node (the transfer and the 5,000-lamport fee).
    await expect(confirmation.getByTestId('confirm-solana-fee-payer')).toContainText(
      firstSolanaAddress,
    )
    await expect(confirmation.getByTestId('confirm-solana-instructions')).toContainText(to)
    await expect(confirmation.getByTestId('confirm-simulation')).toContainText('0.012350678 SOL')
    await answerAndClose(confirmation, 'approve', 'solana-multichain-sign-and-send')
    const { result: sent } = await sending
    const signature = sent?.signature ?? ''
    await expectConfirmed(solana, signature)
    expect(await balanceOf(solana, to)).toBe(amount)
    const spent = before - (await balanceOf(solana, firstSolanaAddress))
    expect(spent).toBeGreaterThan(amount)
    expect(spent).toBeLessThan(amount + 100_000)

    await expectOnHome(wallet, signature, await balanceOf(solana, firstSolanaAddress))

    const again = await transferTransaction({
      rpcUrl: solana.httpUrl,
      from: firstSolanaAddress,
      to,
      amount,
    })
    const signing = invoke<{ signedTransaction: string }>(
      sessionPage,
      localSolana,
      'signTransaction',
      sendParams(base64(again)),
    )
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    const { result: signed } = await signing
    const wire = Buffer.from(signed?.signedTransaction ?? '', 'base64')
    expect(wire[0]).toBe(1)
    expect(
      ed25519.verify(wire.subarray(1, 65), wire.subarray(65), fromBase58(firstSolanaAddress)),
    ).toBe(true)
    // Signed, never sent: the chain does not know the signature, and the recipient got one transfer.
    expect(await statusOf(solana, firstSignatureOf(wire))).toBeNull()
    expect(await balanceOf(solana, to)).toBe(amount)
  })

  test('an SPL Token transfer shows decoded, with the token change in the preview, and the tokens move', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
  }) => {
    await fund(solana)
    const token = await createTokenAccounts(solana, {
      owner: firstSolanaAddress,
      decimals: 6,
      amount: 5_000_000n,
    })
    const transfer = await unsignedTransaction({
      rpcUrl: solana.httpUrl,
      feePayer: firstSolanaAddress,
      instructions: [
        getTransferCheckedInstruction({
          source: address(token.source),
          mint: address(token.mint),
          destination: address(token.destination),
          authority: createNoopSigner(address(firstSolanaAddress)),
          amount: 1_500_000n,
          decimals: token.decimals,
        }),
      ],
    })
    const sending = signAndSend(sessionPage, base64(transfer))
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const instruction = window.getByTestId('confirm-solana-instruction-0')
    await expect(instruction).toContainText('Transfer (checked)')
    await expect(instruction).toContainText(token.mint)
    await expect(instruction).toContainText(token.destination)
    await expect(window.getByTestId('confirm-simulation')).toContainText(`−1.5 token ${token.mint}`)
    await answerAndClose(window, 'approve', 'solana-multichain-token-transfer')
    const signature = (await sending).result?.signature ?? ''
    await expectConfirmed(solana, signature)
    expect(await tokenAmountOf(solana, token.source)).toBe('3500000')
    expect(await tokenAmountOf(solana, token.destination)).toBe('1500000')
  })

  test("a transaction's compute-unit price shows as its priority fee (price × limit), and it is sent as the dapp built it", async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
  }) => {
    await fund(solana)
    const to = freshAddress()
    const transfer = await unsignedTransaction({
      rpcUrl: solana.httpUrl,
      feePayer: firstSolanaAddress,
      instructions: [
        getSetComputeUnitLimitInstruction({ units: 40_000 }),
        getSetComputeUnitPriceInstruction({ microLamports: 25_000n }),
        getTransferSolInstruction({
          source: createNoopSigner(address(firstSolanaAddress)),
          destination: address(to),
          amount: lamports(1_000_000n),
        }),
      ],
    })
    const sending = signAndSend(sessionPage, base64(transfer))
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    // 25,000 micro-lamports × 40,000 units = 1,000 lamports.
    const fee = window.getByTestId('confirm-solana-priority-fee')
    await expect(fee).toContainText('0.000001 SOL')
    await expect(fee).toContainText('25000 micro-lamports × 40000 compute units')
    await expect(window.getByTestId('confirm-solana-instruction-1')).toContainText(
      'Set compute unit price',
    )
    await answerAndClose(window, 'approve', 'solana-multichain-priority-fee')
    const signature = (await sending).result?.signature ?? ''
    await expectConfirmed(solana, signature)
    expect(await balanceOf(solana, to)).toBe(1_000_000)
  })

  test('a v0 transaction loading its recipient from an address lookup table shows it by address, with the preview, and is sent', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
  }) => {
    await fund(solana)
    const to = freshAddress()
    // The recipient at position 1 of the table: position 0 holds another address.
    const contents = [freshAddress(), to]
    const table = await createLookupTable(solana, contents)
    const amount = 12_345_678
    const transfer = await unsignedTransaction({
      rpcUrl: solana.httpUrl,
      feePayer: firstSolanaAddress,
      instructions: [
        getTransferSolInstruction({
          source: createNoopSigner(address(firstSolanaAddress)),
          destination: address(to),
          amount: lamports(BigInt(amount)),
        }),
      ],
      lookupTables: { [table]: contents },
    })
    // The recipient is not among the transaction's own keys: only the table names it.
    expect(Buffer.from(transfer).includes(Buffer.from(fromBase58(to)))).toBe(false)
    const sending = signAndSend(sessionPage, base64(transfer))
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const instruction = window.getByTestId('confirm-solana-instruction-0')
    await expect(instruction).toContainText('System Program: Transfer')
    await expect(instruction).toContainText(to)
    await expect(window.getByTestId('confirm-simulation')).toContainText('0.012350678 SOL')
    await answerAndClose(window, 'approve', 'solana-multichain-lookup-table')
    const signature = (await sending).result?.signature ?? ''
    await expectConfirmed(solana, signature)
    expect(await balanceOf(solana, to)).toBe(amount)
  })

  test('signIn shows the SIWS message, and warns with Reject highlighted when it names another site', async ({
    solanaNetwork: _pointed,
    sessionPage,
    wallet,
  }) => {
    const own = new URL(sessionPage.url()).host
    const signingIn = invoke<SignedMessage & { account: { address: string } }>(
      sessionPage,
      localSolana,
      'signIn',
      { statement: 'Welcome back', nonce: 'n0nce1234' },
    )
    const ownWindow = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(ownWindow.getByTestId('confirm-solana-message')).toContainText(
      `${own} wants you to sign in with your Solana account:`,
    )
    await expect(ownWindow.getByRole('alert')).toHaveCount(0)
    await expect(ownWindow.getByTestId('warning-signin-domain')).toHaveCount(0)
    await expect(ownWindow.getByTestId('confirm-reject')).not.toHaveClass(/primary/)
    await answerAndClose(ownWindow, 'approve')
    const { result } = await signingIn
    expect(result?.account.address).toBe(firstSolanaAddress)
    expect(result?.signatureType).toBe('ed25519')
    const message = Buffer.from(result?.signedMessage ?? '', 'base64')
    // The SIWS text as @solana/wallet-standard-util's createSignInMessageText writes it.
    expect(new TextDecoder().decode(message)).toBe(
      `${own} wants you to sign in with your Solana account:\n${firstSolanaAddress}\n\n` +
        'Welcome back\n\nNonce: n0nce1234',
    )
    const signature = fromBase58(result?.signature ?? '')
    expect(ed25519.verify(signature, message, fromBase58(firstSolanaAddress))).toBe(true)

    const phishing = invoke(sessionPage, localSolana, 'signIn', { domain: 'bank.example' })
    const warned = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(warned.getByTestId('confirm-solana-message')).toContainText(
      'bank.example wants you to sign in',
    )
    await expect(warned.getByTestId('warning-signin-domain')).toContainText(
      `This sign-in is for bank.example, but the request comes from ${own}`,
    )
    await expect(warned.getByTestId('warning-signin-domain')).toHaveAttribute('role', 'alert')
    await expect(warned.getByTestId('warning-continue')).toBeVisible()
    await expect(warned.getByTestId('confirm-approve')).toBeDisabled()
    await expect(warned.getByTestId('confirm-reject')).toHaveClass(/primary/)
    await answerAndClose(warned, 'reject')
    expect((await phishing).error?.code).toBe(4001)
  })

  test('a transaction that would fail opens with the program error and logs, Reject highlighted', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
  }) => {
    const to = freshAddress()
    // More lamports than the account holds: the System program refuses the transfer.
    const tooMuch = await transferTransaction({
      rpcUrl: solana.httpUrl,
      from: firstSolanaAddress,
      to,
      amount: 10 ** 18,
    })
    const sending = signAndSend(sessionPage, base64(tooMuch))
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    const preview = window.getByTestId('confirm-simulation')
    await expect(preview).toContainText('This transaction will fail')
    await expect(preview.getByText('Program logs')).toBeVisible()
    await expect(preview).toContainText('insufficient lamports')
    await expect(window.getByTestId('confirm-reject')).toHaveClass(/primary/)
    await answerAndClose(window, 'reject', 'solana-multichain-failing-preview')
    expect((await sending).error?.code).toBe(4001)
    expect(await balanceOf(solana, to)).toBe(0)
  })

  test('one origin holds eip155 and solana scopes in one session, and uses both', async ({
    solanaNetwork: solana,
    dappPage,
    connect,
    wallet,
  }) => {
    const session = await connect(dappPage, bothScopes)
    expect(Object.keys(session.sessionScopes).sort()).toEqual([devnet, localSolana].sort())
    expect(session.sessionScopes[devnet]?.accounts).toEqual([`${devnet}:${firstAccount}`])
    const stored = await request<SessionResult>(dappPage, 'wallet_getSession', {})
    expect(stored.result?.sessionScopes).toEqual(session.sessionScopes)
    // Connections shows the one session: both chains, the account with its Solana address.
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await showConnections(popup)
    const row = connectionRow(popup, originOf(dappPage))
    await expect(row.getByTestId(`connection-chain-${devnet}`)).toBeChecked()
    await expect(row.getByTestId(`connection-chain-${localSolana}`)).toBeChecked()
    await expect(row.getByTestId(`connection-account-${firstAccount.toLowerCase()}`)).toBeChecked()
    await expect(row.getByTestId(`connection-address-solana-${firstSolanaAddress}`)).toBeVisible()
    await popup.close()

    expect((await invoke(dappPage, devnet, 'eth_chainId', [])).result).toBe('0x7a69')
    const genesis = await surfpool<string>(solana, 'getGenesisHash', [])
    expect((await invoke(dappPage, localSolana, 'getGenesisHash', [])).result).toBe(genesis)

    const evmSigning = invoke<`0x${string}`>(dappPage, devnet, 'personal_sign', [
      '0x68656c6c6f',
      firstAccount,
    ])
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    const evmSignature = (await evmSigning).result ?? '0x'
    expect(await recoverMessageAddress({ message: 'hello', signature: evmSignature })).toBe(
      firstAccount,
    )
    const solanaSigning = invoke<SignedMessage>(dappPage, localSolana, 'signMessage', {
      account: { address: firstSolanaAddress },
      message: base64(new TextEncoder().encode('hello')),
    })
    await answerAndClose(
      await waitForConfirmation(wallet.context, wallet.extensionOrigin),
      'approve',
    )
    const solanaSignature = fromBase58((await solanaSigning).result?.signature ?? '')
    expect(
      ed25519.verify(
        solanaSignature,
        new TextEncoder().encode('hello'),
        fromBase58(firstSolanaAddress),
      ),
    ).toBe(true)
  })

  test('getLatestBlockhash answers a blockhash the node holds valid, with a last valid height ahead of its chain', async ({
    solanaNetwork: solana,
    sessionPage,
  }) => {
    const latest = await invoke<{
      context: { slot: number }
      value: { blockhash: string; lastValidBlockHeight: number }
    }>(sessionPage, localSolana, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
    const { blockhash, lastValidBlockHeight } = latest.result?.value ?? {
      blockhash: '',
      lastValidBlockHeight: 0,
    }
    expect(fromBase58(blockhash)).toHaveLength(32)
    expect(
      await surfpool<{ value: boolean }>(solana, 'isBlockhashValid', [
        blockhash,
        { commitment: 'confirmed' },
      ]),
    ).toMatchObject({ value: true })
    expect(lastValidBlockHeight).toBeGreaterThan(
      await surfpool<number>(solana, 'getBlockHeight', []),
    )
  })
})

test.describe('Solana across worker restarts (exactly once)', () => {
  test('a Solana confirmation pending when the worker stops is re-attached; approving answers the dapp once', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const { to, amount, transaction } = await fundedTransfer(solana)
    const windows: string[] = []
    wallet.context.on('page', (page) => windows.push(page.url()))
    await sniffResponses(sessionPage)

    const pending = signAndSend(sessionPage, transaction)
    const window = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(window.getByTestId('confirm-simulation')).toContainText('0.012350678 SOL')
    await serviceWorker.stop()
    await expect(window.getByTestId('confirm-queue-position')).toHaveText('1 of 1')
    await expect(window.getByTestId('confirm-solana-instructions')).toContainText(to)
    await answerConfirmation(window, 'approve')
    const signature = (await pending).result?.signature ?? ''
    await expectConfirmed(solana, signature)
    expect(await balanceOf(solana, to)).toBe(amount)
    expect(windows.filter((url) => url.includes('?confirm'))).toHaveLength(1)
    const responses = await sniffedResponses(sessionPage)
    expect(responses.total).toBe(responses.distinct)
  })

  test('a worker stopped after approval, before the node took the transaction: sent once, same signature', async ({
    solanaNetwork: solana,
    sessionPage,
    wallet,
    serviceWorker,
  }) => {
    const proxy = await startHoldingProxy(solana.httpUrl, { hold: 'sendTransaction' })
    try {
      await pointLocalSolanaDevnet(wallet.popup, proxy.url, solana.wsUrl)
      const { to, amount, transaction } = await fundedTransfer(solana)
      await sniffResponses(sessionPage)
      const pending: Promise<Outcome<{ signature: string }>> = signAndSend(sessionPage, transaction)
      await answerConfirmation(
        await waitForConfirmation(wallet.context, wallet.extensionOrigin),
        'approve',
      )
      await expect.poll(() => proxy.held.length).toBe(1)
      // Signed, kept, and in flight (held): the node has not seen it; the worker stops now.
      await pointLocalSolanaDevnet(wallet.popup, solana.httpUrl, solana.wsUrl)
      await serviceWorker.stop()
      const outcome = await pending
      const held = Buffer.from(proxy.held[0] ?? '', 'base64')
      expect(outcome.result?.signature).toBe(firstSignatureOf(held))
      await expectConfirmed(solana, outcome.result?.signature ?? '')
      expect(await balanceOf(solana, to)).toBe(amount)
      const responses = await sniffedResponses(sessionPage)
      expect(responses.total).toBe(responses.distinct)
      await expectOnHome(wallet, outcome.result?.signature ?? '')
    } finally {
      await pointLocalSolanaDevnet(wallet.popup, solana.httpUrl, solana.wsUrl)
      await proxy.close()
    }
  })
})
