import { trackTransactions } from '../../../core/wallet/transactionStatus.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `transactions:list`: the wallet's own transactions, newest first, their status brought up to date. */
export const transactionsList =
  ({
    transactions,
    nodeCall,
  }: Pick<PopupPorts, 'transactions' | 'nodeCall'>): PopupHandler<'transactions:list'> =>
  async () => {
    const tracked = await trackTransactions(
      (transaction) => nodeCall(transaction.chainId),
      await transactions.read(),
    )
    await transactions.keep(tracked.filter(({ status }) => status !== 'pending'))
    return tracked.reverse()
  }
