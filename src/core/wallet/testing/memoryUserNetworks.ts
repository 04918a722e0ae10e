import type { ChainId } from '../../caip/types.ts'
import type { SettingsView } from '../../protocol/popupMessages.ts'
import { listNetworks, resolveSettings } from '../networks.ts'
import type { UserNetworks } from '../saveNetwork.ts'
import type { CustomNetwork } from '../validateNetwork.ts'

/**
 * The user's networks in memory, listed as the worker lists them (`listNetworks` over default
 * settings): `custom` and `solanaNetworks` show what was saved.
 */
export function createMemoryUserNetworks(initial: CustomNetwork[] = []) {
  const state = {
    custom: [...initial],
    solanaNetworks: {} as NonNullable<SettingsView['solanaNetworks']>,
  }
  const list = () =>
    listNetworks(resolveSettings({ solanaNetworks: state.solanaNetworks }), state.custom)
  const networks: UserNetworks = {
    customNetworks: async () => [...state.custom],
    async saveCustomNetwork(network, replacing) {
      const index = state.custom.findIndex(
        ({ chainId }) => chainId === (replacing ?? network.chainId),
      )
      if (index === -1) state.custom.push(network)
      else state.custom[index] = network
      return list()
    },
    async removeCustomNetwork(chainId: ChainId) {
      state.custom = state.custom.filter((network) => network.chainId !== chainId)
      return list()
    },
    async setSolanaEndpoint(chainId, endpoint) {
      const { [chainId]: _replaced, ...others } = state.solanaNetworks
      state.solanaNetworks = endpoint ? { ...others, [chainId]: endpoint } : others
      return list()
    },
  }
  return { networks, state }
}
