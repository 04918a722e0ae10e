import type { Address } from 'viem'
import type { ChainId } from '../caip/types.ts'
import type { NetworkAdder } from '../eth/networkAdder.ts'
import type {
  Approver,
  CapabilitiesSource,
  Clock,
  MultichainEngine,
  Notifier,
  SessionStore,
} from '../multichain/ports.ts'
import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import type { WatchAssetRequest } from './parseWatchAssetParams.ts'

/**
 * What the wallet keeps per origin for its EIP-1193 provider, beside the session (DESIGN §7): the
 * site's chosen chain, and the account the user made active for it. Both are preferences: the
 * current chain and the account order are computed from them and the session (`siteView.ts`).
 */
export type SiteState = { chainId?: ChainId; activeAccount?: Address }

/** Site states keyed by origin (`storage.local` in the worker). */
export interface SiteStore {
  get(origin: string): Promise<SiteState | undefined>
  set(origin: string, state: SiteState): Promise<void>
}

/**
 * Adds an ERC-20 token to the wallet's list after the user confirms it (`wallet_watchAsset`,
 * EIP-747): `true`, or `4001`; a token that is not what it claims, `-32602`.
 */
export interface TokenWatcher {
  watchAsset(
    request: { origin: string; chainId: ChainId; token: WatchAssetRequest } & RequestIdentity,
  ): Promise<true>
}

/**
 * The provider engine's ports: the Multichain API engine (sessions are made, edited and ended
 * through it, so every change is also its `wallet_sessionChanged`), and the same ports the engine
 * has, plus the site states and the notifier of the EIP-1193 page API.
 */
export type ProviderEnginePorts = {
  multichain: Pick<
    MultichainEngine,
    'handleRequest' | 'updateSession' | 'connectNamespace' | 'nodesOf'
  >
  sessions: Pick<SessionStore, 'get'>
  approver: Approver
  networks: NetworkAdder
  tokens: TokenWatcher
  capabilities: CapabilitiesSource
  sites: SiteStore
  /** Reaches the origin's EIP-1193 providers (the `eip1193` page API's connections). */
  notifier: Notifier
  clock: Clock
  /** The wallet's default EVM network: a site's chain before it chose one. */
  defaultChain(): Promise<ChainId>
}
