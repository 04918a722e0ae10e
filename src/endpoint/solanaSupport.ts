/**
 * Helpers of the Solana endpoint's tests and benchmark: a SOL transfer built and signed with
 * `@solana/kit` and `@solana-program/system`, sent through any Solana JSON-RPC URL, and a wait for
 * its confirmation.
 */

import {
  type Address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { eventually, result } from './testSupport.ts'

/** One SOL in lamports. */
export const lamportsPerSol = 1_000_000_000n

/** A new key pair funded with `sol` SOL by `requestAirdrop` at `url` (a local node's endpoint). */
export async function fundedSigner(url: string, sol = 2n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  const signature = await result(url, 'requestAirdrop', [
    signer.address,
    Number(sol * lamportsPerSol),
  ])
  await confirmed(url, signature as string)
  return signer
}

/** Waits until `signature` is confirmed (or finalized) at `url`; throws if it failed. */
export async function confirmed(url: string, signature: string): Promise<void> {
  await eventually(async () => {
    const statuses = (await result(url, 'getSignatureStatuses', [[signature]])) as {
      value: Array<{ confirmationStatus: string; err: unknown } | null>
    }
    const status = statuses.value[0]
    if (status?.err)
      throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    return status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized'
  })
}

/**
 * A transfer of `amount` lamports from `from` to `to`, built with a blockhash read at `url`, signed,
 * as the base64 wire transaction `sendTransaction` takes, with its signature.
 */
export async function signedTransfer(
  url: string,
  from: KeyPairSigner,
  to: Address,
  amount: bigint,
): Promise<{ wire: string; signature: string }> {
  const { value: blockhash } = await createSolanaRpc(url).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: from, destination: to, amount: lamports(amount) }),
        m,
      ),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  return {
    wire: getBase64EncodedWireTransaction(transaction),
    signature: getSignatureFromTransaction(transaction),
  }
}
