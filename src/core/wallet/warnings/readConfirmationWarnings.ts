import { confirmationWarnings } from './confirmationWarnings.ts'
import type { KnownBadAddress } from './knownBadListFeed.ts'
import type { RecipientBook } from './recipientBook.ts'
import { recipientsOf } from './recipientsOf.ts'
import type { Warning } from './warning.ts'
import type { WarningSubject } from './warningRule.ts'

/** The wallet's records the recipient rules read, each read only when asked for. */
export type WarningRecords = {
  /** The recipient book: the accounts' transactions logs and own addresses. */
  book(): Promise<RecipientBook>
  /** The known-bad list in force. */
  knownBadList(): Promise<readonly KnownBadAddress[]>
}

/**
 * The worker's warnings on a new confirmation (`confirmationWarnings`), reading the wallet's records
 * only for one that has recipients (`recipientsOf`: a transaction, a batch, a Solana transaction).
 * A message to sign or a network to add reads nothing, so its window is not kept waiting on
 * storage calls (issue 36: nothing before `windows.create` that can wait).
 */
export async function readConfirmationWarnings(
  subject: Pick<WarningSubject, 'origin' | 'kind' | 'view'>,
  records: WarningRecords,
): Promise<Warning[]> {
  if (recipientsOf(subject) === undefined) return confirmationWarnings(subject)
  const [book, knownBadList] = await Promise.all([records.book(), records.knownBadList()])
  return confirmationWarnings({ ...subject, book, knownBadList })
}
