import type { Address } from 'viem'
import { create } from 'zustand'
import type { ChainId } from '../../core/caip/types.ts'
import type { ConnectionView } from '../../core/protocol/popupMessages.ts'
import { localKeys } from '../../core/protocol/storageKeys.ts'
import { callBackground, errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'

/** Storage keys whose change means the list is stale (sessions, their activity, sites' states). */
const watchedPrefixes = [localKeys.sessionPrefix, localKeys.activityPrefix, localKeys.sitePrefix]

type ConnectionsStore = {
  connections: ConnectionView[]
  /** Names of the wallet's networks by chain id (a removed network shows its id). */
  chainNames: Record<ChainId, string>
  /** The chains the wallet offers now (a granted chain outside it was removed or switched off). */
  availableChains: ChainId[]
  /** The origin whose edit was just saved (for the "Saved" line). */
  savedOrigin: string | undefined
  error: string | undefined
  load(): Promise<void>
  /** Reloads whenever a session or an activity log changes (expiry, a site's calls); returns the stop. */
  watch(): () => void
  update(origin: string, chains: ChainId[], accounts: Address[]): Promise<void>
  revoke(origin: string): Promise<void>
  /** Makes `address` the site's active account (its EIP-1193 provider gets `accountsChanged`). */
  setActiveAccount(origin: string, address: Address): Promise<void>
}

/** The sites with a session, and editing or revoking them. Rules live in the background. */
export const useConnections = create<ConnectionsStore>((set, get) => ({
  connections: [],
  chainNames: {},
  availableChains: [],
  savedOrigin: undefined,
  error: undefined,
  async load() {
    try {
      const [connections, networks] = await Promise.all([
        callBackground('connections:list'),
        callBackground('networks:list'),
      ])
      const chainNames = Object.fromEntries(
        networks.map((network) => [network.chainId, network.name]),
      )
      const availableChains = networks
        .filter((network) => network.enabled)
        .map((network) => network.chainId)
      set({ connections, chainNames, availableChains, error: undefined })
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  watch() {
    return popupPort().onStorageChanged((keys, area) => {
      if (area !== 'local') return
      if (keys.some((key) => watchedPrefixes.some((p) => key.startsWith(p)))) void get().load()
    })
  },
  async update(origin, chains, accounts) {
    try {
      await callBackground('connections:update', { origin, chains, accounts })
      set({ savedOrigin: origin })
      await get().load()
    } catch (error) {
      set({ error: errorMessage(error), savedOrigin: undefined })
    }
  },
  async revoke(origin) {
    try {
      await callBackground('connections:revoke', { origin })
      await get().load()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async setActiveAccount(origin, address) {
    try {
      await callBackground('connections:setActiveAccount', { origin, address })
      await get().load()
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
}))
