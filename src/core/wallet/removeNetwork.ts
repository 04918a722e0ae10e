import type { ChainId } from '../caip/types.ts'
import type { NetworkView } from '../protocol/popupMessages.ts'
import { solanaClusterOf } from './networks.ts'
import type { UserNetworks } from './saveNetwork.ts'

/**
 * Removes what the user gave for `chainId` (`networks:remove`): the endpoint of a public Solana
 * cluster (which is then off), or a network they added. Sessions lose their scope on it when the
 * worker sees the networks change (`dropUnavailableChains`).
 */
export function removeNetwork(
  networks: Pick<UserNetworks, 'removeCustomNetwork' | 'setSolanaEndpoint'>,
  chainId: ChainId,
): Promise<NetworkView[]> {
  return solanaClusterOf(chainId)
    ? networks.setSolanaEndpoint(chainId, undefined)
    : networks.removeCustomNetwork(chainId)
}
