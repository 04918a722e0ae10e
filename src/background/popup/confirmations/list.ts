import { addNetworkKind } from '../../../core/wallet/createNetworkAdder.ts'
import { networkNameOf } from '../../../core/wallet/networks.ts'
import type { CustomNetwork } from '../../../core/wallet/validateNetwork.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmations:list`: the confirmation queue, oldest first, each with its chain's name for the
 * header. A network being added is not in the wallet yet, so its name is the one the dapp asked for.
 */
export const confirmationsList =
  ({
    confirmations,
    networks,
  }: Pick<PopupPorts, 'confirmations' | 'networks'>): PopupHandler<'confirmations:list'> =>
  async () => {
    const [pending, all] = await Promise.all([confirmations.pending(), networks.networks()])
    return pending.map(({ id, origin, chainId, kind, view, createdAt }) => ({
      id,
      origin,
      chainId,
      chainName:
        kind === addNetworkKind
          ? (view as unknown as CustomNetwork).name
          : networkNameOf(all, chainId),
      kind,
      view,
      createdAt,
    }))
  }
