import { walletScopeMethods, walletScopeNotifications } from '../core/eth/methods.ts'
import type { CapabilitiesSource, ChainId } from '../core/multichain/ports.ts'
import type { NetworkView, SettingsView } from '../core/wallet/messages.ts'
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

/**
 * The wallet's networks for the given settings: the Infura networks (offered to dapps only when an
 * API key is set — without one their endpoints answer nothing but 401) and the Local devnet.
 */
export function listNetworks(settings: SettingsView): NetworkView[] {
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
  ]
}

/**
 * Settings and networks, cached in memory and refreshed whenever `settings` changes in storage (also
 * when QA writes it directly).
 */
export function createNetworkRegistry(storage: Storage) {
  let cached: Promise<{ settings: SettingsView; networks: NetworkView[] }> | undefined

  const load = () => {
    cached ??= storage.read<StoredSettings>(localKeys.settings).then((stored) => {
      const settings = resolveSettings(stored)
      return { settings, networks: listNetworks(settings) }
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
    /** Drops the cache (called from `storage.onChanged`). */
    invalidate(): void {
      cached = undefined
    },
  }
}

export type NetworkRegistry = ReturnType<typeof createNetworkRegistry>
