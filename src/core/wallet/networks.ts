import { isObject } from '@metamask/utils'
import type { ChainId } from '../caip/types.ts'
import type { NetworkView, SettingsView } from '../protocol/popupMessages.ts'
import { defaultExplorerOf, parseExplorerUrl } from './explorerLinks.ts'
import type { CustomNetwork } from './validateNetwork.ts'

/** `settings` in `storage.local`; every field optional (QA may write a partial object). */
export type StoredSettings = {
  infuraApiKey?: string
  autoLockMinutes?: number
  phishingListUpdates?: boolean
  knownBadListUpdates?: boolean
  localDevnet?: SettingsView['localDevnet']
  localSolanaDevnet?: SettingsView['localSolanaDevnet']
  solanaNetworks?: SettingsView['solanaNetworks']
}

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

/**
 * The public Solana clusters (DESIGN §8), each usable once the user gives its endpoint (the network
 * form, checked live with `getGenesisHash`) or, for those Infura serves, once the API key is set.
 */
export const solanaClusters: ReadonlyArray<{
  chainId: ChainId
  name: string
  infuraSlug?: string
}> = [
  {
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana Mainnet',
    infuraSlug: 'solana-mainnet',
  },
  {
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet',
    infuraSlug: 'solana-devnet',
  },
  { chainId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', name: 'Solana Testnet' },
]

/** The public Solana cluster of `chainId`, if it is one (its endpoint is the user's to give). */
export const solanaClusterOf = (chainId: string) =>
  solanaClusters.find((cluster) => cluster.chainId === chainId)

/** The Local devnet's chain (DESIGN §3), the EVM network the popup shows first when enabled. */
export const localDevnetChainId: ChainId = 'eip155:31337'

/** The Local Solana devnet (DESIGN §3): the Solana endpoint of `npm run node -- --network solana`. */
export const localSolanaNetwork = {
  chainId: 'solana:123456789abcdef' as ChainId,
  name: 'Local Solana devnet',
  rpcUrl: 'http://127.0.0.1:8899/v3/dev',
  wsUrl: 'ws://127.0.0.1:8899/ws/v3/dev',
}

const defaultSettings: SettingsView = {
  infuraApiKey: '',
  autoLockMinutes: 15,
  phishingListUpdates: false,
  knownBadListUpdates: false,
  localDevnet: { rpcUrl: 'http://127.0.0.1:8545/v3/dev', wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev' },
  localSolanaDevnet: { rpcUrl: localSolanaNetwork.rpcUrl, wsUrl: localSolanaNetwork.wsUrl },
}

const isDevnet = (value: unknown): value is SettingsView['localDevnet'] =>
  isObject(value) && typeof value.rpcUrl === 'string' && typeof value.wsUrl === 'string'

/** The stored endpoints of the public Solana clusters, skipping malformed and unknown entries. */
function resolveSolanaNetworks(stored: unknown): NonNullable<SettingsView['solanaNetworks']> {
  if (!isObject(stored)) return {}
  return Object.fromEntries(
    solanaClusters.flatMap(({ chainId }) => {
      const endpoint = Object.hasOwn(stored, chainId) ? stored[chainId] : undefined
      return isDevnet(endpoint)
        ? [[chainId, { rpcUrl: endpoint.rpcUrl, wsUrl: endpoint.wsUrl }]]
        : []
    }),
  )
}

/** Stored settings over the defaults; malformed fields fall back to their default. */
export function resolveSettings(stored: StoredSettings | undefined): SettingsView {
  const solanaNetworks = resolveSolanaNetworks(stored?.solanaNetworks)
  return {
    infuraApiKey:
      typeof stored?.infuraApiKey === 'string'
        ? stored.infuraApiKey.trim()
        : defaultSettings.infuraApiKey,
    autoLockMinutes:
      typeof stored?.autoLockMinutes === 'number' && stored.autoLockMinutes > 0
        ? stored.autoLockMinutes
        : defaultSettings.autoLockMinutes,
    phishingListUpdates: stored?.phishingListUpdates === true,
    knownBadListUpdates: stored?.knownBadListUpdates === true,
    localDevnet: isDevnet(stored?.localDevnet) ? stored.localDevnet : defaultSettings.localDevnet,
    localSolanaDevnet: isDevnet(stored?.localSolanaDevnet)
      ? stored.localSolanaDevnet
      : defaultSettings.localSolanaDevnet,
    ...(Object.keys(solanaNetworks).length > 0 ? { solanaNetworks } : {}),
  }
}

/**
 * The wallet's default EVM network (an EIP-1193 site's chain before it chose one, DESIGN §7): the
 * Local devnet when it is usable, else the first usable network.
 */
export function defaultNetwork(networks: readonly NetworkView[]): ChainId {
  const usable = networks.filter((network) => network.enabled)
  return (
    (usable.find((network) => network.chainId === localDevnetChainId) ?? usable[0])?.chainId ??
    localDevnetChainId
  )
}

/** The chain ids of the built-in networks (custom networks may not reuse them). */
export const builtInChainIds: ChainId[] = [
  ...infuraNetworks.map(({ chainId }) => chainId),
  ...solanaClusters.map(({ chainId }) => chainId),
  localDevnetChainId,
  localSolanaNetwork.chainId,
]

const isCustomNetwork = (value: unknown): value is CustomNetwork => {
  if (!isObject(value)) return false
  const { chainId, name, rpcUrl, wsUrl, explorerUrl } = value
  return (
    [chainId, name, rpcUrl, wsUrl].every((field) => typeof field === 'string') &&
    (explorerUrl === undefined || parseExplorerUrl(explorerUrl) !== undefined)
  )
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
 * A public Solana cluster as the wallet lists it: on the endpoint the user gave (`kind: 'endpoint'`),
 * else on Infura's when the API key is set and Infura serves it, else off (no endpoint yet).
 */
function solanaClusterNetwork(
  cluster: (typeof solanaClusters)[number],
  settings: SettingsView,
  key: string,
): NetworkView {
  const { chainId, name, infuraSlug } = cluster
  const given = settings.solanaNetworks?.[chainId]
  if (given) return { chainId, name, ...given, kind: 'endpoint', enabled: true }
  if (infuraSlug !== undefined && key !== '') {
    return {
      chainId,
      name,
      rpcUrl: `https://${infuraSlug}.infura.io/v3/${key}`,
      wsUrl: `wss://${infuraSlug}.infura.io/ws/v3/${key}`,
      kind: 'infura',
      enabled: true,
    }
  }
  return { chainId, name, rpcUrl: '', wsUrl: '', kind: 'endpoint', enabled: false }
}

/**
 * The wallet's networks for the given settings: the Infura networks (offered to dapps only when an
 * API key is set — without one their endpoints answer nothing but 401), the public Solana clusters
 * (once the user gave an endpoint, or the API key), the Local devnet, the Local Solana devnet, then
 * the networks the user added.
 */
export function listNetworks(
  settings: SettingsView,
  custom: readonly CustomNetwork[] = [],
): NetworkView[] {
  const key = encodeURIComponent(settings.infuraApiKey)
  return withDefaultExplorers([
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
    ...solanaClusters.map((cluster) => solanaClusterNetwork(cluster, settings, key)),
    {
      chainId: localDevnetChainId,
      name: 'Local devnet',
      rpcUrl: settings.localDevnet.rpcUrl,
      wsUrl: settings.localDevnet.wsUrl,
      kind: 'local',
      enabled: true,
    },
    {
      ...localSolanaNetwork,
      ...(settings.localSolanaDevnet ?? {}),
      kind: 'local',
      enabled: true,
    },
    ...custom.map((network): NetworkView => ({ ...network, kind: 'custom', enabled: true })),
  ])
}

/** Each built-in network with its default block explorer (`knownExplorers`), if it has one. */
const withDefaultExplorers = (networks: NetworkView[]): NetworkView[] =>
  networks.map((network) => {
    const explorerUrl = network.explorerUrl ?? defaultExplorerOf(network.chainId)
    return explorerUrl ? { ...network, explorerUrl } : network
  })

/** The name of `chainId` among the wallet's networks, or the chain id when it has none. */
export const networkNameOf = (networks: readonly NetworkView[], chainId: string): string =>
  networks.find((network) => network.chainId === chainId)?.name ?? chainId
