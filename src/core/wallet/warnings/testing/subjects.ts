import type { Json } from '../../../rpc/types.ts'
import type { RecipientBook } from '../recipientBook.ts'
import type { WarningSubject } from '../warningRule.ts'

/** The page the test confirmations come from. */
export const dapp = 'http://127.0.0.1:5173'

/** A transaction confirmation from `from`, with only the parts of its preview the rules read. */
export const evmTransaction = (
  from: string,
  preview: object,
  book?: RecipientBook,
): WarningSubject => ({
  origin: dapp,
  kind: 'transaction',
  view: { preview: { from, to: null, decoded: null, ...preview } } as unknown as Json,
  ...(book ? { book } : {}),
})

/** A Solana transaction confirmation of `from` whose one decoded instruction sends SOL to `to`. */
export const solanaTransfer = (from: string, to: string, book?: RecipientBook): WarningSubject => ({
  origin: dapp,
  kind: 'solana_transaction',
  view: {
    address: from,
    instructions: [
      {
        program: 'System Program',
        instruction: 'Transfer',
        fields: [
          { label: 'From', value: from },
          { label: 'To', value: to },
        ],
      },
    ],
  } as unknown as Json,
  ...(book ? { book } : {}),
})
