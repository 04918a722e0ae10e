import { removeNetwork } from '../../../core/wallet/removeNetwork.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `networks:remove`: a network the user added, or the endpoint they gave a public Solana cluster. */
export const networksRemove =
  ({ networks }: Pick<PopupPorts, 'networks'>): PopupHandler<'networks:remove'> =>
  ({ chainId }) =>
    removeNetwork(networks, chainId)
