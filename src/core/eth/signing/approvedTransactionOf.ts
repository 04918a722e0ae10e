import { chooseConfirmationFee } from '../../wallet/chooseConfirmationFee.ts'
import type { ConfirmationViews } from '../../wallet/confirmationViews.ts'
import type { ConfirmationRecord } from '../../wallet/createConfirmations.ts'
import { type FilledTransaction, withFee } from '../fillTransaction.ts'

/**
 * The transaction an approved `transaction` confirmation signs: the one shown, with the fee the
 * user picked (checked again, `chooseConfirmationFee`: a refused one throws `invalid_fields`).
 */
export function approvedTransactionOf(
  record: Pick<ConfirmationRecord, 'view' | 'result'>,
): FilledTransaction {
  const view = record.view as unknown as ConfirmationViews['transaction']
  const chosen = chooseConfirmationFee(record.view, record.result?.fee)
  return chosen ? withFee(view.transaction, chosen.fee) : view.transaction
}
