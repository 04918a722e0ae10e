import type { ChainId } from '../../caip/types.ts'
import type { SignerAnswer } from '../../multichain/ports.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import type { ConfirmationRecord } from '../../wallet/createConfirmations.ts'
import type { FilledTransaction } from '../fillTransaction.ts'
import { approvedTransactionOf } from './approvedTransactionOf.ts'
import { broadcastSigned } from './broadcastSigned.ts'
import type { SentTransaction, SignerPorts } from './ports.ts'
import { sentTransactionOf } from './sentTransactionOf.ts'
import { isBatchProgress, isSignedProgress, type SignedProgress } from './signedProgress.ts'

/**
 * The signed transactions an approved record holds, each with the transaction it signs and the
 * pending one it replaces (a speed-up's or a cancel's).
 */
function signedOf(record: ConfirmationRecord): Array<{
  signed: SignedProgress
  transaction: FilledTransaction | undefined
  replaces?: SentTransaction['replaces']
}> {
  if (isSignedProgress(record.progress)) {
    const { replaces } = record.view as unknown as ConfirmationViews['transaction']
    return [{ signed: record.progress, transaction: approvedTransactionOf(record), replaces }]
  }
  if (!isBatchProgress(record.progress)) return []
  const view = record.view as unknown as ConfirmationViews['calls']
  return record.progress.signed.map((signed, index) => ({
    signed,
    transaction: view.transactions[index],
  }))
}

/**
 * Broadcasts again the transactions an approved record already signed (one, or a batch's, in
 * order), the same bytes, and tells the activity of each the node holds (`ports.sent`, with
 * `resentAt`, and the pending transaction a speed-up or a cancel replaces, as when first sent): the
 * owner sees it as one line of that transaction's entry (the log keeps one entry per hash), whoever
 * sends it again — the starting worker or the page's re-send. The node's answers, in order.
 */
export async function resendSigned(
  ports: Pick<SignerPorts, 'node' | 'sent' | 'now'>,
  record: ConfirmationRecord,
): Promise<SignerAnswer[]> {
  const call = ports.node(record.chainId as ChainId)
  const answers: SignerAnswer[] = []
  for (const { signed, transaction, replaces } of signedOf(record)) {
    const answer = await broadcastSigned(call, signed)
    answers.push(answer)
    if (!('result' in answer) || transaction === undefined) continue
    const at = ports.now()
    const sent = sentTransactionOf(record, transaction, signed.hash, at)
    ports.sent({ ...sent, ...(replaces ? { replaces } : {}), resentAt: at })
  }
  return answers
}
