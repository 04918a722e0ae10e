import { trackTransactions } from '../../../core/wallet/transactionStatus.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `transactions:list`: the wallet's own transactions, newest first, each still pending asked again
 * (`eth_getTransactionReceipt`). A read: the log is kept up when it is written
 * (`recordSentTransaction`), not here.
 */
export const transactionsList =
  ({
    transactions,
    nodeCall,
  }: Pick<PopupPorts, 'transactions' | 'nodeCall'>): PopupHandler<'transactions:list'> =>
  async () =>
    (
      await trackTransactions(
        (transaction) => nodeCall(transaction.chainId),
        await transactions.read(),
      )
    ).reverse()
