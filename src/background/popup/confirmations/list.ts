import { type AddNetworkView, addNetworkKind } from '../../../core/wallet/addNetworkView.ts'
import { networkNameOf } from '../../../core/wallet/networks.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmations:list`: the confirmation queue, oldest first, each with its chain's name for the
 * header. A network being added is not in the wallet yet, so its name is the one the dapp asked for.
 * A record's `progress` goes along: for an added network, the live check the user asked for.
 */
export const confirmationsList =
  ({
    confirmations,
    networks,
  }: Pick<PopupPorts, 'confirmations' | 'networks'>): PopupHandler<'confirmations:list'> =>
  async () => {
    const [pending, all] = await Promise.all([confirmations.pending(), networks.networks()])
    return pending.map(({ id, origin, chainId, kind, view, warnings, progress, createdAt }) => ({
      id,
      origin,
      chainId,
      chainName:
        kind === addNetworkKind
          ? (view as unknown as AddNetworkView).network.name
          : networkNameOf(all, chainId),
      kind,
      view,
      warnings: warnings ?? [],
      // What the worker did at the user's asking before the answer (an added network's check).
      ...(progress === undefined ? {} : { progress }),
      createdAt,
    }))
  }
