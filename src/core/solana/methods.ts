import type { EndpointTransport } from '../rpc/types.ts'

/**
 * Solana's standard HTTP JSON-RPC methods a node endpoint serves (DESIGN §8 "Endpoint"): accounts,
 * balances, blocks, slots, epochs, fees, genesis, health, blockhashes, rent, program accounts,
 * prioritization fees, signatures, token accounts and balances, transactions, version, and the two
 * that submit (`sendTransaction`, `simulateTransaction`). Never a node's own namespace
 * (`surfnet_*`), never `requestAirdrop` (a local node's only: `localNodeMethods`).
 */
export const solanaNodeMethods = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockCommitment',
  'getBlockHeight',
  'getBlockProduction',
  'getBlockTime',
  'getBlocks',
  'getBlocksWithLimit',
  'getClusterNodes',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getHighestSnapshotSlot',
  'getIdentity',
  'getInflationGovernor',
  'getInflationRate',
  'getInflationReward',
  'getLatestBlockhash',
  'getLeaderSchedule',
  'getMaxRetransmitSlot',
  'getMaxShredInsertSlot',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getProgramAccounts',
  'getRecentPerformanceSamples',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getSlotLeader',
  'getSlotLeaders',
  'getStakeMinimumDelegation',
  'getSupply',
  'getTokenAccountBalance',
  'getTokenAccountsByDelegate',
  'getTokenAccountsByOwner',
  'getTokenLargestAccounts',
  'getTokenSupply',
  'getTransaction',
  'getTransactionCount',
  'getVersion',
  'getVoteAccounts',
  'isBlockhashValid',
  'minimumLedgerSlot',
  'sendTransaction',
  'simulateTransaction',
] as const

export type SolanaNodeMethod = (typeof solanaNodeMethods)[number]

/**
 * The methods a node answers from an index, small and the same when asked twice (point reads),
 * unlike `getProgramAccounts`, `getBlock`, `sendTransaction`, … whose cost or effect depends on what
 * they ask. The endpoint pipelines them to its node (docs/endpoint.md, "Upstream connections").
 */
export const solanaPointReadMethods: readonly SolanaNodeMethod[] = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getIdentity',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getSignatureStatuses',
  'getSlot',
  'getSlotLeader',
  'getTokenAccountBalance',
  'getTokenSupply',
  'getTransaction',
  'getTransactionCount',
  'getVersion',
  'isBlockhashValid',
  'minimumLedgerSlot',
]

/**
 * The reads whose answer depends on nothing but the method, its params and the ledger: identical
 * calls of them in flight at once are served by one upstream read (the endpoint's shared reads).
 * Every node method but `sendTransaction`; never `requestAirdrop` (each airdrop is its own).
 */
export const solanaSharedReadMethods: readonly SolanaNodeMethod[] = solanaNodeMethods.filter(
  (method) => method !== 'sendTransaction',
)

/** Methods a local (test) node answers and a public one must not: free SOL. */
export const localNodeMethods = ['requestAirdrop'] as const

/**
 * The WebSocket subscriptions (DESIGN §8): each subscribe method with its unsubscribe method and the
 * notification method its events arrive as.
 */
export const solanaSubscriptions = {
  accountSubscribe: { unsubscribe: 'accountUnsubscribe', notification: 'accountNotification' },
  logsSubscribe: { unsubscribe: 'logsUnsubscribe', notification: 'logsNotification' },
  programSubscribe: { unsubscribe: 'programUnsubscribe', notification: 'programNotification' },
  signatureSubscribe: {
    unsubscribe: 'signatureUnsubscribe',
    notification: 'signatureNotification',
  },
  slotSubscribe: { unsubscribe: 'slotUnsubscribe', notification: 'slotNotification' },
} as const

export type SolanaSubscribeMethod = keyof typeof solanaSubscriptions
export type SolanaUnsubscribeMethod =
  (typeof solanaSubscriptions)[SolanaSubscribeMethod]['unsubscribe']

export const solanaSubscribeMethods = Object.keys(solanaSubscriptions) as SolanaSubscribeMethod[]
export const solanaUnsubscribeMethods: readonly SolanaUnsubscribeMethod[] =
  solanaSubscribeMethods.map((method) => solanaSubscriptions[method].unsubscribe)

/** The notification methods of `solanaSubscriptions`. */
export const solanaNotificationMethods: readonly string[] = solanaSubscribeMethods.map(
  (method) => solanaSubscriptions[method].notification,
)

export const isSolanaSubscribeMethod = (method: string): method is SolanaSubscribeMethod =>
  Object.hasOwn(solanaSubscriptions, method)

export const isSolanaUnsubscribeMethod = (method: string): method is SolanaUnsubscribeMethod =>
  (solanaUnsubscribeMethods as readonly string[]).includes(method)

export type SolanaEndpointOptions = {
  /** The endpoint serves a local node: `requestAirdrop` is allowed. */
  localNode: boolean
}

const httpMethods: ReadonlySet<string> = new Set(solanaNodeMethods)
const localHttpMethods: ReadonlySet<string> = new Set([...solanaNodeMethods, ...localNodeMethods])
const subscriptionMethods: ReadonlySet<string> = new Set([
  ...solanaSubscribeMethods,
  ...solanaUnsubscribeMethods,
])

/**
 * The Solana endpoint's allow-list (DESIGN §8): the standard HTTP methods over both transports,
 * `requestAirdrop` only in front of a local node, subscriptions over WebSocket only.
 *
 * @example isSolanaEndpointMethod('getBalance', 'http', { localNode: false }) // true
 */
export function isSolanaEndpointMethod(
  method: string,
  transport: EndpointTransport,
  options: SolanaEndpointOptions,
): boolean {
  if ((options.localNode ? localHttpMethods : httpMethods).has(method)) return true
  return transport === 'ws' && subscriptionMethods.has(method)
}

/** The most public keys one `getMultipleAccounts` may ask for (as Solana's own nodes). */
export const maxMultipleAccounts = 100

/** The largest `limit` of `getSignaturesForAddress` (as Solana's own nodes). */
export const maxSignaturesLimit = 1000

/** The commitment levels a config object may name. */
export const commitments = ['processed', 'confirmed', 'finalized'] as const
