import type { ChainId } from '../core/caip/types.ts'
import type { CapabilitiesSource, WalletCapabilities } from '../core/multichain/ports.ts'
import type { NetworkView, SettingsView } from '../core/protocol/popupMessages.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { walletNamespaces } from '../core/wallet/namespaces.ts'
import { listNetworks, resolveCustomNetworks, resolveSettings } from '../core/wallet/networks.ts'
import type { CustomNetwork } from '../core/wallet/validateNetwork.ts'
import {
  readAccounts,
  readNamespaceAccounts,
  readStoredNetworks,
  type Storage,
  type StoredNetworks,
} from './storage.ts'

/**
 * Settings and networks, cached in memory and refreshed whenever `settings` changes in storage (also
 * when QA writes it directly). `firstRead`, when given, is the first load's read (a starting
 * worker asks it before the rest of the worker is evaluated: `firstReads.ts`).
 */
export function createNetworkRegistry(storage: Storage, firstRead?: Promise<StoredNetworks>) {
  type Loaded = { settings: SettingsView; custom: CustomNetwork[]; networks: NetworkView[] }
  const resolved = ([stored, storedCustom]: StoredNetworks): Loaded => {
    const settings = resolveSettings(stored)
    const custom = resolveCustomNetworks(storedCustom)
    return { settings, custom, networks: listNetworks(settings, custom) }
  }
  const cache = (read: Promise<StoredNetworks>): Promise<Loaded> => {
    const loading = read.then(resolved)
    // A failed read is asked again by the next call rather than kept.
    loading.catch(() => {
      if (cached === loading) cached = undefined
    })
    return loading
  }
  let cached: Promise<Loaded> | undefined = firstRead && cache(firstRead)

  const load = () => {
    cached ??= cache(readStoredNetworks(storage))
    return cached
  }

  const capabilities: CapabilitiesSource = {
    async get() {
      const [{ networks }, accounts, addresses] = await Promise.all([
        load(),
        readAccounts(storage),
        readNamespaceAccounts(storage),
      ])
      const chains = Object.assign(
        {},
        ...walletNamespaces.map((namespace) => namespace.chains(networks)),
      ) as WalletCapabilities['chains']
      return { chains, accounts, addresses }
    },
  }

  return {
    capabilities,
    settings: async (): Promise<SettingsView> => (await load()).settings,
    networks: async (): Promise<NetworkView[]> => (await load()).networks,
    /** The enabled network of `chainId`, if any. */
    async network(chainId: ChainId): Promise<NetworkView | undefined> {
      return (await load()).networks.find(
        (network) => network.chainId === chainId && network.enabled,
      )
    },
    async update(changes: Partial<SettingsView>): Promise<SettingsView> {
      const next = resolveSettings({ ...(await load()).settings, ...changes })
      await storage.write(localKeys.settings, next)
      cached = undefined
      return next
    },
    /**
     * Sets (or, with `undefined`, forgets) the endpoint the user gave for a public Solana cluster;
     * checked by the caller (`networks:save`).
     */
    async setSolanaEndpoint(
      chainId: ChainId,
      endpoint: { rpcUrl: string; wsUrl: string } | undefined,
    ): Promise<NetworkView[]> {
      const { settings } = await load()
      const { [chainId]: _replaced, ...others } = settings.solanaNetworks ?? {}
      const solanaNetworks = endpoint ? { ...others, [chainId]: endpoint } : others
      await storage.write(localKeys.settings, resolveSettings({ ...settings, solanaNetworks }))
      cached = undefined
      return (await load()).networks
    },
    /** The networks the user added. */
    customNetworks: async (): Promise<CustomNetwork[]> => (await load()).custom,
    /** Adds `network`, or puts it in the place of the custom network `replacing`. */
    async saveCustomNetwork(network: CustomNetwork, replacing?: ChainId): Promise<NetworkView[]> {
      const custom = [...(await load()).custom]
      const index = custom.findIndex((other) => other.chainId === (replacing ?? network.chainId))
      if (index === -1) custom.push(network)
      else custom[index] = network
      await storage.write(localKeys.customNetworks, custom)
      cached = undefined
      return (await load()).networks
    },
    async removeCustomNetwork(chainId: ChainId): Promise<NetworkView[]> {
      const custom = (await load()).custom.filter((network) => network.chainId !== chainId)
      await storage.write(localKeys.customNetworks, custom)
      cached = undefined
      return (await load()).networks
    },
    /** Drops the cache (called from `storage.onChanged`). */
    invalidate(): void {
      cached = undefined
    },
  }
}

export type NetworkRegistry = ReturnType<typeof createNetworkRegistry>
