import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import { readBalances } from '../../../core/wallet/readBalances.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `home:balances`: the accounts' native balances on one network, all at its latest block. */
export const homeBalances =
  ({ wallet, nodeCall }: Pick<PopupPorts, 'wallet' | 'nodeCall'>): PopupHandler<'home:balances'> =>
  async ({ chainId }) => {
    const evm = accountsIn('eip155', await wallet.state())
    return readBalances(
      nodeCall(chainId),
      evm.map(({ key }) => key),
    )
  }
