import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import { readTokenBalances } from '../../../core/wallet/readTokenBalances.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `home:tokens`: the watched ERC-20 tokens of one network, with each account's balance. */
export const homeTokens =
  ({
    wallet,
    watchedTokens,
    nodeCall,
  }: Pick<PopupPorts, 'wallet' | 'watchedTokens' | 'nodeCall'>): PopupHandler<'home:tokens'> =>
  async ({ chainId }) => {
    const accounts = accountsIn('eip155', await wallet.state()).map(({ key }) => key)
    const tokens = (await watchedTokens.read()).filter((token) => token.chainId === chainId)
    return readTokenBalances(nodeCall(chainId), tokens, accounts)
  }
