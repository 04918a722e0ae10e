import { instructionRecipients } from '../../solana/instructionRecipients.ts'
import type { TransactionPreview } from '../describeTransaction.ts'
import type { Recipient } from './recipientBook.ts'
import { viewOf, type WarningSubject } from './warningRule.ts'

/** Who a confirmation's money or rights go to, and the account they leave from. */
export type ConfirmationRecipients = { account: string; recipients: Recipient[] }

/**
 * Who one EVM transaction gives to: an ERC-20 transfer's recipient, an approval's spender, or else
 * its `to` (a plain send, or a contract called). A contract creation gives to nobody yet.
 */
function transactionRecipients({ to, decoded }: TransactionPreview): Recipient[] {
  if (decoded?.name === 'transfer') return [{ address: decoded.to, role: 'recipient' }]
  if (decoded?.name === 'approve') return [{ address: decoded.spender, role: 'spender' }]
  return to === null ? [] : [{ address: to, role: 'recipient' }]
}

/**
 * The recipients of a confirmation that moves money or grants a spend (DESIGN §11): an EVM
 * transaction, a `wallet_sendCalls` batch, or a Solana transaction (its decoded instructions);
 * `undefined` for anything else (a message, an added network).
 */
export function recipientsOf(subject: WarningSubject): ConfirmationRecipients | undefined {
  const transaction = viewOf(subject, 'transaction')
  if (transaction) {
    return {
      account: transaction.preview.from,
      recipients: transactionRecipients(transaction.preview),
    }
  }
  const calls = viewOf(subject, 'calls')
  if (calls)
    return { account: calls.from, recipients: calls.previews.flatMap(transactionRecipients) }
  const solana = viewOf(subject, 'solana_transaction')
  if (solana) {
    return { account: solana.address, recipients: instructionRecipients(solana.instructions) }
  }
  return undefined
}
