import { keccak256 } from 'viem'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import { confirmRequest } from '../../wallet/confirmRequest.ts'
import type { FeeFields } from '../fees/feeOption.ts'
import type { SigningRequest } from '../signer.ts'
import { approvedTransactionOf } from './approvedTransactionOf.ts'
import { broadcastSigned } from './broadcastSigned.ts'
import type { SentTransaction, SignerPorts } from './ports.ts'
import { prepareTransactions } from './prepareTransactions.ts'
import { resendSigned } from './resendSigned.ts'
import { sentTransactionOf } from './sentTransactionOf.ts'
import { isSignedProgress } from './signedProgress.ts'
import { toViemTransaction } from './toViemTransaction.ts'

export type SendTransactionParameters = Extract<SigningRequest, { method: 'eth_sendTransaction' }>

/** The pending transaction a speed-up or a cancel replaces: what it is logged as, and its fees. */
export type Replacing = { replaces: NonNullable<SentTransaction['replaces']>; fee: FeeFields }

/**
 * `eth_sendTransaction`: fills, simulates and shows the transaction with its fee choice
 * (`confirm-fee`); once approved signs exactly the filled transaction shown with the fee the user
 * picked (checked again here, `chooseConfirmationFee`), keeps its raw bytes and hash on the
 * confirmation, and only then broadcasts it. A worker stopped in between broadcasts the same bytes
 * again (same hash, never a second nonce) when the page re-sends or the worker wakes
 * (`resendSigned`, `resumeBroadcasts`), and the activity marks it as sent again. `replacing`: the wallet's own speed-up or cancel of a pending transaction
 * (its offer bumped above the old fees, and logged as replacing it).
 */
export async function sendTransaction(
  ports: Pick<SignerPorts, 'confirmations' | 'node' | 'account' | 'sent' | 'now'>,
  request: SendTransactionParameters,
  replacing?: Replacing,
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
        replacing: replacing?.fee,
        picked: request.fee,
      })
      const [transaction] = prepared.transactions
      const [preview] = prepared.previews
      const [fees] = prepared.fees
      if (!transaction || !preview || !fees) throw new Error('no transaction was prepared')
      return {
        transaction,
        fees,
        preview,
        simulation: prepared.simulation,
        tokens: prepared.tokens,
        badChecksums: request.badChecksums ?? [],
        ...(replacing ? { replaces: replacing.replaces } : {}),
      }
    },
  )
  const call = ports.node(request.chainId)
  if (isSignedProgress(record.progress)) {
    // Signed by an earlier worker (or an earlier send of this request): the same bytes, once more.
    const [answer] = await resendSigned(ports, record)
    if (!answer) throw new Error('the signed transaction was not sent again')
    return answer
  }
  const transaction = approvedTransactionOf(record)
  const account = await ports.account(transaction.from)
  const raw = await account.signTransaction(toViemTransaction(transaction))
  const signed = { raw, hash: keccak256(raw) }
  // Kept before it is sent: from here on, this transaction is the only one this request makes.
  await ports.confirmations.progress(record.id, signed)
  const answer = await broadcastSigned(call, signed)
  if ('result' in answer) {
    const sent = sentTransactionOf(request, transaction, signed.hash, ports.now())
    ports.sent(replacing ? { ...sent, replaces: replacing.replaces } : sent)
  }
  return answer
}
