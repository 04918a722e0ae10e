import type { NodeCall } from '../eth/nodeCall.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'
import { type TrackedTransaction, trackTransactions } from './transactionStatus.ts'

/** The wallet's own transactions as kept for the activity list (`transactions` in `storage.local`). */
export type TransactionLogStore = {
  read(): Promise<Array<SentTransaction | TrackedTransaction>>
  /** Adds a sent transaction (the newest last; the log keeps the newest ones). */
  append(transaction: SentTransaction): Promise<void>
  /** Keeps the final statuses found for these transactions (by hash). */
  recordStatuses(settled: TrackedTransaction[]): Promise<void>
}

export type RecordSentTransactionPorts = {
  log: TransactionLogStore
  /** The node of a transaction's chain. */
  node(transaction: SentTransaction): NodeCall
}

/**
 * Logs a transaction the wallet sent, then settles the log: each entry still pending in it is asked
 * again (`trackTransactions`) and those the node has mined are recorded as `confirmed` or `failed`
 * with the fee paid. The log is kept up on its writes only — `transactions:list` reads it and asks
 * the node about what is pending, writing nothing — so a list asks the node only for the entries
 * sent since the last settling that were not mined then.
 */
export async function recordSentTransaction(
  { log, node }: RecordSentTransactionPorts,
  transaction: SentTransaction,
): Promise<void> {
  await log.append(transaction)
  const pending = (await log.read()).filter(
    (entry) => !('status' in entry) || entry.status === 'pending',
  )
  const tracked = await trackTransactions(node, pending)
  const settled = tracked.filter(({ status }) => status !== 'pending')
  if (settled.length > 0) await log.recordStatuses(settled)
}
