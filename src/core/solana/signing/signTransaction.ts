import { signWithSolanaKey } from '../../keyring/deriveSolanaKeys.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import { toBase58 } from '../base58.ts'
import { readBase64, toBase64 } from '../base64.ts'
import { decodeInstruction } from '../decodeInstruction.ts'
import { decodeTransaction, withSignature } from '../decodeTransaction.ts'
import { maxTransactionBytes } from '../parseSigningParams.ts'
import { previewTransaction } from '../previewTransaction.ts'
import { priorityFeeOf } from '../priorityFee.ts'
import { resolveLookupTables } from '../resolveLookupTables.ts'
import type { SolanaSigningRequest } from '../solanaNamespace.ts'
import type { SolanaSignerPorts } from './ports.ts'
import { sendKept } from './sendKept.ts'
import { isSolanaSignedProgress } from './signedProgress.ts'

export type SignTransactionParameters = Extract<
  SolanaSigningRequest,
  { method: 'signTransaction' | 'signAndSendTransaction' }
>

/**
 * Wallet Standard `solana:signTransaction` and `solana:signAndSendTransaction`: shows the fee
 * payer, the decoded instructions (lookup tables resolved), the priority fee its Compute Budget
 * instructions set (`priorityFeeOf`) and a local preview; once approved signs
 * the wire transaction the window showed. To send, it keeps the signed bytes on the confirmation
 * and only then sends them, so a worker stopped in between sends the same bytes (same signature)
 * when the page re-sends or the worker wakes (`resumeSends`).
 */
export async function signTransaction(
  ports: Pick<SolanaSignerPorts, 'confirmations' | 'node' | 'key' | 'sent' | 'now'>,
  request: SignTransactionParameters,
): Promise<SignerAnswer> {
  const { address, transaction: bytes, options } = request.params
  const call = ports.node(request.chainId)
  const record = await confirmRequest<SolanaConfirmationViews, 'solana_transaction'>(
    ports.confirmations,
    request,
    'solana_transaction',
    async () => {
      const transaction = await resolveLookupTables(call, bytes, request.transaction)
      const priorityFee = priorityFeeOf(transaction.instructions)
      return {
        address,
        send: request.method === 'signAndSendTransaction',
        feePayer: transaction.feePayer,
        instructions: transaction.instructions.map(decodeInstruction),
        ...(priorityFee ? { priorityFee } : {}),
        preview: await previewTransaction({
          call,
          user: address,
          transaction: bytes,
          addresses: transaction.instructions.flatMap(({ accounts }) => accounts),
        }),
        transaction: toBase64(bytes),
        options,
      }
    },
  )
  // What is signed, and sent or not, is what the window showed (the view), not a re-sent copy.
  const view = record.view as unknown as SolanaConfirmationViews['solana_transaction']
  if (view.send && isSolanaSignedProgress(record.progress)) {
    return sendKept(ports, record, record.progress)
  }
  const shown = readBase64(view.transaction, maxTransactionBytes)
  const decoded = shown ? decodeTransaction(shown) : undefined
  if (!decoded || 'problems' in decoded) throw new Error('the confirmed transaction is unreadable')
  const key = await ports.key(view.address)
  const signature = signWithSolanaKey(key, decoded.transaction.messageBytes)
  const signedTransaction = toBase64(withSignature(decoded.transaction, view.address, signature))
  if (!view.send) return { result: { signedTransaction } }
  const signed = { solanaTransaction: signedTransaction, signature: toBase58(signature) }
  // Kept before it is sent: from here on, this transaction is the only one this request makes.
  await ports.confirmations.progress(record.id, signed)
  return sendKept(ports, record, signed)
}
