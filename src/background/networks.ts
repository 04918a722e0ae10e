import { walletScopeMethods, walletScopeNotifications } from '../core/eth/methods.ts'
import type { CapabilitiesSource, ChainId } from '../core/multichain/ports.ts'
import type { NetworkView, SettingsView } from '../core/wallet/messages.ts'
import type { CustomNetwork } from '../core/wallet/validateNetwork.ts'
import {
  type LocalDevnetSettings,
  localKeys,
  readAccounts,
  type Storage,
  type StoredSettings,
} from './storage.ts'

/** Infura network slugs: `https://<slug>.infura.io/v3/<key>`, `wss://<slug>.infura.io/ws/v3/<key>`. */
const infuraNetworks: Array<{ chainId: ChainId; name: string; slug: string }> = [
  { chainId: 'eip155:1', name: 'Ethereum Mainnet', slug: 'mainnet' },
  { chainId: 'eip155:11155111', name: 'Sepolia', slug: 'sepolia' },
  { chainId: 'eip155:59144', name: 'Linea', slug: 'linea-mainnet' },
  { chainId: 'eip155:59141', name: 'Linea Sepolia', slug: 'linea-sepolia' },
  { chainId: 'eip155:137', name: 'Polygon', slug: 'polygon-mainnet' },
  { chainId: 'eip155:80002', name: 'Polygon Amoy', slug: 'polygon-amoy' },
  { chainId: 'eip155:42161', name: 'Arbitrum One', slug: 'arbitrum-mainnet' },
  { chainId: 'eip155:421614', name: 'Arbitrum Sepolia', slug: 'arbitrum-sepolia' },
  { chainId: 'eip155:10', name: 'OP Mainnet', slug: 'optimism-mainnet' },
  { chainId: 'eip155:11155420', name: 'OP Sepolia', slug: 'optimism-sepolia' },
  { chainId: 'eip155:8453', name: 'Base', slug: 'base-mainnet' },
  { chainId: 'eip155:84532', name: 'Base Sepolia', slug: 'base-sepolia' },
]

export const localDevnetChainId: ChainId = 'eip155:31337'

export const defaultSettings: SettingsView = {
  infuraApiKey: '',
  autoLockMinutes: 15,
  localDevnet: { rpcUrl: 'http://127.0.0.1:8545/v3/dev', wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev' },
}

const isDevnet = (value: unknown): value is LocalDevnetSettings =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalDevnetSettings).rpcUrl === 'string' &&
  typeof (value as LocalDevnetSettings).wsUrl === 'string'

/** Stored settings over the defaults; malformed fields fall back to their default. */
export function resolveSettings(stored: StoredSettings | undefined): SettingsView {
  return {
    infuraApiKey:
      typeof stored?.infuraApiKey === 'string'
        ? stored.infuraApiKey.trim()
        : defaultSettings.infuraApiKey,
    autoLockMinutes:
      typeof stored?.autoLockMinutes === 'number' && stored.autoLockMinutes > 0
        ? stored.autoLockMinutes
        : defaultSettings.autoLockMinutes,
    localDevnet: isDevnet(stored?.localDevnet) ? stored.localDevnet : defaultSettings.localDevnet,
  }
}

/** The chain ids of the built-in networks (custom networks may not reuse them). */
export const builtInChainIds: ChainId[] = [
  ...infuraNetworks.map(({ chainId }) => chainId),
  localDevnetChainId,
]

const isCustomNetwork = (value: unknown): value is CustomNetwork => {
  if (typeof value !== 'object' || value === null) return false
  const { chainId, name, rpcUrl, wsUrl } = value as Record<string, unknown>
  return [chainId, name, rpcUrl, wsUrl].every((field) => typeof field === 'string')
}

/** The stored custom networks, skipping malformed entries and any that shadow a built-in one. */
export function resolveCustomNetworks(stored: unknown): CustomNetwork[] {
  if (!Array.isArray(stored)) return []
  return stored.filter(
    (network): network is CustomNetwork =>
      isCustomNetwork(network) && !builtInChainIds.includes(network.chainId),
  )
}

/**
 * The wallet's networks for the given settings: the Infura networks (offered to dapps only when an
 * API key is set — without one their endpoints answer nothing but 401), the Local devnet, then the
 * networks the user added.
 */
export function listNetworks(
  settings: SettingsView,
  custom: readonly CustomNetwork[] = [],
): NetworkView[] {
  const key = encodeURIComponent(settings.infuraApiKey)
  return [
    ...infuraNetworks.map(
      ({ chainId, name, slug }): NetworkView => ({
        chainId,
        name,
        rpcUrl: `https://${slug}.infura.io/v3/${key}`,
        wsUrl: `wss://${slug}.infura.io/ws/v3/${key}`,
        kind: 'infura',
        enabled: key !== '',
      }),
    ),
    {
      chainId: localDevnetChainId,
      name: 'Local devnet',
      rpcUrl: settings.localDevnet.rpcUrl,
      wsUrl: settings.localDevnet.wsUrl,
      kind: 'local',
      enabled: true,
    },
    ...custom.map((network): NetworkView => ({ ...network, kind: 'custom', enabled: true })),
  ]
}

/**
 * Settings and networks, cached in memory and refreshed whenever `settings` changes in storage (also
 * when QA writes it directly).
 */
export function createNetworkRegistry(storage: Storage) {
  let cached:
    | Promise<{ settings: SettingsView; custom: CustomNetwork[]; networks: NetworkView[] }>
    | undefined

  const load = () => {
    cached ??= Promise.all([
      storage.read<StoredSettings>(localKeys.settings),
      storage.read<unknown>(localKeys.customNetworks),
    ]).then(([stored, storedCustom]) => {
      const settings = resolveSettings(stored)
      const custom = resolveCustomNetworks(storedCustom)
      return { settings, custom, networks: listNetworks(settings, custom) }
    })
    return cached
  }

  const capabilities: CapabilitiesSource = {
    async get() {
      const [{ networks }, accounts] = await Promise.all([load(), readAccounts()])
      const chains: Record<ChainId, { methods: string[]; notifications: string[] }> = {}
      for (const network of networks) {
        if (network.enabled) {
          chains[network.chainId] = {
            methods: [...walletScopeMethods],
            notifications: [...walletScopeNotifications],
          }
        }
      }
      return { chains, accounts }
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
