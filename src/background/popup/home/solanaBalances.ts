import { readSolanaBalances } from '../../../core/solana/readSolanaBalances.ts'
import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `home:solanaBalances`: the accounts' SOL balances on one Solana network, at one slot. */
export const homeSolanaBalances =
  ({
    wallet,
    nodeCall,
  }: Pick<PopupPorts, 'wallet' | 'nodeCall'>): PopupHandler<'home:solanaBalances'> =>
  async ({ chainId }) => {
    const solana = accountsIn('solana', await wallet.state())
    return readSolanaBalances(
      nodeCall(chainId),
      solana.map(({ address }) => address),
    )
  }
