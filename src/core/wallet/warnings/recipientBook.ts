import type { SentTransaction } from '../../eth/signing/ports.ts'
import type { SentSolanaTransaction } from '../../solana/signing/ports.ts'

/** Who a confirmation gives to: an account that receives, or one allowed to spend (an approval). */
export type Recipient = { address: string; role: 'recipient' | 'spender' }

/**
 * What the recipient rules know of the user (DESIGN §11), read by the worker from its own records
 * when a confirmation enters the queue: nothing here comes from a page or a server.
 */
export type RecipientBook = {
  /** Every transfer the wallet sent (its activity, EVM and Solana): from which account, to whom. */
  sent: ReadonlyArray<{ from: string; to: string }>
  /** The wallet's own accounts, in every namespace. */
  own: readonly string[]
}

/** Whether two addresses are the same account: EVM hex in any case, base58 exactly. */
export const sameAccount = (a: string, b: string): boolean =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b

/** The addresses `account` has sent to, each once, in the order first sent. */
export function sentToBy(book: RecipientBook, account: string): string[] {
  const addresses: string[] = []
  for (const { from, to } of book.sent) {
    if (sameAccount(from, account) && !addresses.some((seen) => sameAccount(seen, to))) {
      addresses.push(to)
    }
  }
  return addresses
}

/**
 * The book of the wallet's own records: each EVM transaction sent to its `to` and to the recipient
 * of the token transfer it made, each Solana transaction to the recipients of its instructions.
 */
export function recipientBookOf(records: {
  transactions: ReadonlyArray<Pick<SentTransaction, 'from' | 'to' | 'tokenRecipient'>>
  solanaTransactions: ReadonlyArray<Pick<SentSolanaTransaction, 'from' | 'recipients'>>
  own: readonly string[]
}): RecipientBook {
  const evm = records.transactions.flatMap(({ from, to, tokenRecipient }) =>
    [to, tokenRecipient].flatMap((address) => (address ? [{ from, to: address }] : [])),
  )
  const solana = records.solanaTransactions.flatMap(({ from, recipients }) =>
    (recipients ?? []).map((to) => ({ from, to })),
  )
  return { sent: [...evm, ...solana], own: records.own }
}
