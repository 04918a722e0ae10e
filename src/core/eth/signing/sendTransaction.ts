import { keccak256 } from 'viem'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import type { SigningRequest } from '../signer.ts'
import { broadcastSigned } from './broadcastSigned.ts'
import type { SignerPorts } from './ports.ts'
import { prepareTransactions } from './prepareTransactions.ts'
import { sentTransactionOf } from './sentTransactionOf.ts'
import { isSignedProgress } from './signedProgress.ts'
import { toViemTransaction } from './toViemTransaction.ts'

export type SendTransactionParameters = Extract<SigningRequest, { method: 'eth_sendTransaction' }>

/**
 * `eth_sendTransaction`: fills, simulates and shows the transaction; once approved signs exactly
 * the filled transaction shown, keeps its raw bytes and hash on the confirmation, and only then
 * broadcasts it. A worker stopped in between broadcasts the same bytes again (same hash, never a
 * second nonce) when the page re-sends or the worker wakes (`resumeBroadcasts`).
 */
export async function sendTransaction(
  ports: Pick<SignerPorts, 'confirmations' | 'node' | 'account' | 'sent' | 'now'>,
  request: SendTransactionParameters,
): Promise<SignerAnswer> {
  const record = await confirmRequest<ConfirmationViews, 'transaction'>(
    ports.confirmations,
    request,
    'transaction',
    async () => {
      const prepared = await prepareTransactions(ports, {
        chainId: request.chainId,
        from: request.params.from,
        requests: [request.params],
      })
      const [transaction] = prepared.transactions
      const [preview] = prepared.previews
      if (!transaction || !preview) throw new Error('no transaction was prepared')
      return { transaction, preview, simulation: prepared.simulation, tokens: prepared.tokens }
    },
  )
  const call = ports.node(request.chainId)
  if (isSignedProgress(record.progress)) return broadcastSigned(call, record.progress)
  const { transaction } = record.view as unknown as ConfirmationViews['transaction']
  const account = await ports.account(transaction.from)
  const raw = await account.signTransaction(toViemTransaction(transaction))
  const signed = { raw, hash: keccak256(raw) }
  // Kept before it is sent: from here on, this transaction is the only one this request makes.
  await ports.confirmations.progress(record.id, signed)
  const answer = await broadcastSigned(call, signed)
  if ('result' in answer) {
    ports.sent(sentTransactionOf(request, transaction, signed.hash, ports.now()))
  }
  return answer
}
