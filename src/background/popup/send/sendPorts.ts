import { accountsIn } from '../../../core/wallet/accountsIn.ts'
import type { WalletSendPorts } from '../../../core/wallet/send/sendFromWallet.ts'
import { walletOrigin } from '../../../core/wallet/walletOrigin.ts'
import type { PopupPorts } from '../ports.ts'

/** What a handler that only reads for a wallet account takes: accounts, networks, nodes. */
export type ReadPopupPorts = Pick<PopupPorts, 'wallet' | 'networks' | 'nodeCall'>

/**
 * What a handler that starts one of the wallet's own requests (a send, a revoke) takes: the reads'
 * ports, the signers, the confirmation queue and the own requests' keeper.
 */
export type SendPopupPorts = ReadPopupPorts &
  Pick<PopupPorts, 'confirmations' | 'signer' | 'solanaSigner' | 'ownRequests'>

/** What the reading handlers hand `core/wallet/send`: the worker's nodes, networks and accounts. */
export const readPortsOf = ({
  wallet,
  networks,
  nodeCall,
}: ReadPopupPorts): Pick<WalletSendPorts, 'node' | 'ownAddresses' | 'hasNetwork'> => ({
  node: nodeCall,
  async ownAddresses(namespace) {
    return accountsIn(namespace, await wallet.state()).map(({ address }) => address)
  },
  hasNetwork: async (chainId) => (await networks.network(chainId)) !== undefined,
})

/** What the sending handlers hand `core/wallet/send`: the reads, the signers, release and carry. */
export const sendPortsOf = (ports: SendPopupPorts): WalletSendPorts => ({
  ...readPortsOf(ports),
  signer: ports.signer,
  solanaSigner: ports.solanaSigner,
  release: (identity) => ports.confirmations.release(walletOrigin, identity),
  carry: ports.ownRequests.carry,
})
