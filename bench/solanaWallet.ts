/**
 * `npm run bench:solana-wallet` (part of `npm run bench`, after `bench:extension`'s build): what
 * signing with the wallet costs a Solana dapp, measured in one run in headless Chromium against the
 * Solana endpoint and its embedded Surfpool (issue 20):
 * - `signMessage` through `window.aperture` (`wallet_invokeMethod` on the Local Solana devnet):
 *   request → the confirmation window shows it, and approve click → the page has the signature;
 *   next to signing the same message with the same key directly (`@noble/curves` ed25519);
 * - `signAndSendTransaction` of a SOL transfer (built by the page beforehand with `@solana/kit`,
 *   unsigned): request → window shown (the preview simulated on the node), and approve → the node
 *   accepted it and the page has the signature; next to `@solana/kit` signing the same kind of
 *   transfer with a local key pair and sending it (`sendTransaction`) to the same endpoint.
 * Each request starts with the confirmation window closed, as a user meets it.
 */
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { ed25519 } from '@noble/curves/ed25519.js'
import type { BrowserContext, Page } from '@playwright/test'
import { mnemonicToSeedSync } from '@scure/bip39'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { HDKey } from 'micro-key-producer/slip10.js'
import { waitForConfirmation } from '../e2e/support/confirmations.ts'
import { startNodeEndpoint, startSolanaEndpoint, surfpoolOf } from '../e2e/support/endpoint.ts'
import { chromiumPath } from '../e2e/support/launchWallet.ts'
import { invoke, request } from '../e2e/support/provider.ts'
import { serveDapp } from '../e2e/support/serveDapp.ts'
import { startReadyWallet } from '../e2e/support/wallet.ts'
import {
  approve,
  testMnemonic,
  waitForApprovalWindow,
  writeSettings,
} from '../e2e/support/walletUi.ts'
import { type SigningSamples, timeConfirmations } from './signing.ts'

const { values: options } = parseArgs({
  options: { 'sign-runs': { type: 'string', default: '20' } },
})
const runs = Number(options['sign-runs'])
/** The Local Solana devnet (DESIGN §3), pointed at the benchmark's Solana endpoint. */
const scope = 'solana:123456789abcdef'
/** Where the transfers go: a fresh key, no account on the chain yet. */
const recipient = address(
  getBase58Decoder().decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey())),
)

type Summary = { p50: number; p95: number; n: number }

function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return { p50: at(0.5), p95: at(0.95), n: samples.length }
}

const ms = (value: number) => `${value.toFixed(2)} ms`

/** The wallet account 0's Solana key, as a local key pair would hold it (`m/44'/501'/0'/0'`). */
function firstSolanaKey(): { address: string; secretKey: Uint8Array } {
  const { privateKey } = HDKey.fromMasterSeed(mnemonicToSeedSync(testMnemonic)).derive(
    "m/44'/501'/0'/0'",
  )
  return {
    address: getBase58Decoder().decode(ed25519.getPublicKey(privateKey)),
    secretKey: privateKey,
  }
}

/** A transfer of `amount` lamports from `payer` to the recipient, valid with `blockhash`. */
const transfer = (
  payer: TransactionSigner,
  amount: number,
  blockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint },
) =>
  pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
    (message) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: payer,
          destination: recipient,
          amount: lamports(BigInt(amount)),
        }),
        message,
      ),
  )

/**
 * Signs once more through the wallet (approved) and checks the answer: a base58 ed25519 signature
 * of `message` by `signer`.
 */
async function signedByTheAccount(
  page: Page,
  context: BrowserContext,
  extensionOrigin: string,
  message: Uint8Array,
  signer: string,
): Promise<boolean> {
  const pending = invoke<{ signature: string }>(page, scope, 'signMessage', {
    account: { address: signer },
    message: Buffer.from(message).toString('base64'),
  })
  await (await waitForConfirmation(context, extensionOrigin)).getByTestId('confirm-approve').click()
  const { result } = await pending
  if (!result) return false
  const bytes = (text: string) => Uint8Array.from(getBase58Encoder().encode(text))
  return ed25519.verify(bytes(result.signature), message, bytes(signer))
}

/** One table row pair per method: window shown, approve → answer next to the direct way. */
function rows(name: string, samples: SigningSamples, direct: string): string {
  const shown = summarize(samples.shown)
  const answered = summarize(samples.answered)
  const baseline = summarize(samples.direct)
  return [
    `| \`${name}\`: request → window shows it, p50 / p95 (n=${shown.n}) | ${ms(shown.p50)} / ${ms(shown.p95)} | | |`,
    `| \`${name}\`: approve click → page has the answer, p50 / p95 | ${ms(answered.p50)} / ${ms(answered.p95)} | ${ms(baseline.p50)} / ${ms(baseline.p95)} (${direct}) | ${(answered.p50 / baseline.p50).toFixed(2)}× |`,
  ].join('\n')
}

async function main(): Promise<void> {
  const evm = await startNodeEndpoint({ port: 0 })
  const solana = await startSolanaEndpoint()
  const dapp = await serveDapp()
  const wallet = await startReadyWallet(evm, { headless: true })
  try {
    await writeSettings(wallet.popup, {
      localSolanaDevnet: { rpcUrl: solana.httpUrl, wsUrl: solana.wsUrl },
    })
    const key = firstSolanaKey()
    const rpc = createSolanaRpc(solana.httpUrl)
    // Fund the account straight on Surfpool (set-up, not measured).
    await createSolanaRpc(surfpoolOf(solana).rpcUrl)
      .requestAirdrop(address(key.address), lamports(100_000_000_000n))
      .send()

    const page = await wallet.context.newPage()
    await page.goto(dapp.pageUrl(''))
    const pending = request(page, 'wallet_createSession', {
      optionalScopes: {
        [scope]: { methods: ['signMessage', 'signAndSendTransaction'], notifications: [] },
      },
    })
    await approve(
      await waitForApprovalWindow(wallet.context, wallet.extensionOrigin, wallet.popupUrl),
    )
    const session = await pending
    if (session.error) throw new Error(`wallet_createSession: ${JSON.stringify(session.error)}`)
    const account = { address: key.address }

    console.log(`signMessage: ${runs} × through the wallet, approved by the harness…`)
    const message = new TextEncoder().encode('Sign in to the Solana benchmark')
    const signMessage = await timeConfirmations(
      wallet.context,
      wallet.extensionOrigin,
      runs,
      () =>
        invoke<{ signature: string }>(page, scope, 'signMessage', {
          account,
          message: Buffer.from(message).toString('base64'),
        }),
      async () => ed25519.sign(message, key.secretKey),
    )
    // The wallet's answer is the account's signature of the message (checked once, untimed).
    const checked = await signedByTheAccount(
      page,
      wallet.context,
      wallet.extensionOrigin,
      message,
      key.address,
    )
    if (!checked) throw new Error('signMessage: the signature does not verify')

    console.log(`signAndSendTransaction: ${runs} × a SOL transfer through the wallet…`)
    const local = await createKeyPairSignerFromPrivateKeyBytes(key.secretKey)
    const noop = createNoopSigner(address(key.address))
    // Above the rent-exempt minimum (~0.00089 SOL): the first transfer creates the recipient.
    let amount = 1_000_000
    const signAndSend = await timeConfirmations(
      wallet.context,
      wallet.extensionOrigin,
      runs,
      ({ forWallet }) =>
        invoke(page, scope, 'signAndSendTransaction', { account, transaction: forWallet }),
      async ({ direct }) => {
        const signed = await signTransactionMessageWithSigners(direct)
        await rpc
          .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
          .send()
      },
      // Untimed: a fresh blockhash and two distinct transfers (a signature is sent only once).
      async () => {
        const { value: blockhash } = await rpc.getLatestBlockhash().send()
        amount += 2
        return {
          forWallet: getBase64EncodedWireTransaction(
            compileTransaction(transfer(noop, amount, blockhash)),
          ),
          direct: transfer(local, amount + 1, blockhash),
        }
      },
    )

    const chromiumVersion = wallet.context.browser()?.version() ?? 'unknown'
    console.log(`
## Solana signing in the wallet (\`npm run bench:solana-wallet\`)

| Measure | Through the wallet | Directly, same key and endpoint | Approve → answer ÷ direct (p50) |
| --- | --- | --- | --- |
${rows('signMessage', signMessage, '@noble/curves ed25519 sign')}
${rows('signAndSendTransaction', signAndSend, '@solana/kit local key pair: sign, sendTransaction')}

Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; Chromium ${chromiumVersion} (${chromiumPath}, headless).`)
  } finally {
    await wallet.close()
    await dapp.close()
    await solana.close()
    await evm.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
