import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import type { WalletSendPorts } from '../../../core/wallet/send/sendFromWallet.ts'
import { walletOrigin } from '../../../core/wallet/walletOrigin.ts'
import type { PopupPorts } from '../ports.ts'

/** What the send handlers hand `core/wallet/send`: the worker's signers, nodes, networks and accounts. */
export const sendPortsOf = ({
  wallet,
  networks,
  nodeCall,
  confirmations,
  signer,
  solanaSigner,
  ownRequests,
}: Pick<
  PopupPorts,
  'wallet' | 'networks' | 'nodeCall' | 'confirmations' | 'signer' | 'solanaSigner' | 'ownRequests'
>): WalletSendPorts => ({
  node: nodeCall,
  signer,
  solanaSigner,
  release: (identity) => confirmations.release(walletOrigin, identity),
  carry: ownRequests.carry,
  async ownAddresses(namespace) {
    return accountsIn(namespace, await wallet.state()).map(({ address }) => address)
  },
  hasNetwork: async (chainId) => (await networks.network(chainId)) !== undefined,
})
