import type { ChainId } from '../../../core/caip/types.ts'
import { trackSolanaTransactions } from '../../../core/solana/readSolanaBalances.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `solanaTransactions:list`: the wallet's own Solana transactions, newest first, with their statuses. */
export const solanaTransactionsList =
  ({
    solanaTransactions,
    nodeCall,
  }: Pick<
    PopupPorts,
    'solanaTransactions' | 'nodeCall'
  >): PopupHandler<'solanaTransactions:list'> =>
  async () =>
    (
      await trackSolanaTransactions(
        (chainId) => nodeCall(chainId as ChainId),
        await solanaTransactions.read(),
      )
    ).reverse()
