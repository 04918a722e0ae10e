import type { EndpointTransport } from '../rpc/types.ts'

/**
 * The node methods a wallet scope (`eip155:<n>`) may be granted (DESIGN §4): standard reads, the
 * filter family and `eth_sendRawTransaction`, all forwarded to the chain's node endpoint.
 */
export const nodeMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
] as const

export type NodeMethod = (typeof nodeMethods)[number]

/**
 * The node methods a node answers from an index in constant time (point reads), unlike `eth_call`,
 * `eth_estimateGas`, `eth_getLogs`, … whose cost depends on what they ask. The endpoint sends them to
 * its node in shared batches (docs/endpoint.md, "Upstream batches").
 */
export const pointReadMethods: readonly NodeMethod[] = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
]

/** Methods that only work over the node's WebSocket. */
export const subscriptionMethods = ['eth_subscribe', 'eth_unsubscribe'] as const

/**
 * The methods the wallet answers itself, with the user's keys or its own records (DESIGN §4
 * "Signing"): never forwarded to a node.
 */
export const signingMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'eth_accounts',
] as const
export type SigningMethod = (typeof signingMethods)[number]

/** The signing methods the user confirms in the confirmation window: a prompt, then a signature. */
export const confirmedMethods: readonly SigningMethod[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
]

/**
 * The `wallet:eip155` scope (DESIGN §4, "Scopes from the reference wallet's dapps"): methods about
 * the wallet's EVM networks rather than one chain. Its accounts are `wallet:eip155:<address>`.
 */
export const walletNamespaceScope = 'wallet:eip155'
export const walletNamespaceMethods: readonly string[] = ['wallet_addEthereumChain']

/** Every invoked method the user confirms in the confirmation window. */
export const confirmedInvocations: readonly string[] = [
  ...confirmedMethods,
  ...walletNamespaceMethods,
]

/** True for a method the wallet answers itself (`signingMethods`). */
export const isSigningMethod = (method: string): method is SigningMethod =>
  (signingMethods as readonly string[]).includes(method)

/**
 * The scope methods whose second run does something twice: a second broadcast, filter or
 * subscription, or filter changes consumed by a run whose answer was lost. A page's re-send of one
 * after a worker restart gets the first run's answer (`isReplayedOnResend`).
 */
export const nonIdempotentNodeMethods: readonly string[] = [
  'eth_sendRawTransaction',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_uninstallFilter',
  'eth_getFilterChanges',
  ...subscriptionMethods,
  // A second signature prompt, a second transaction, a second network prompt.
  ...confirmedInvocations,
]

/**
 * The replayed node methods a re-send may run again when their answer was not kept (larger than a
 * kept answer may be, or let go for the byte budget of kept answers, `createRecentAnswers`): a read
 * that signs and sends nothing, as any re-send past the 60 s of a kept answer is run again.
 */
export const rerunnableNodeMethods: readonly string[] = ['eth_getFilterChanges']

/** Everything a wallet scope may be granted: the node methods, the subscription pair, signing. */
export const walletScopeMethods: readonly string[] = [
  ...nodeMethods,
  ...subscriptionMethods,
  ...signingMethods,
]

/** The notifications a wallet scope may be granted. */
export const walletScopeNotifications: readonly string[] = ['eth_subscription']

/** The event kinds `eth_subscribe` accepts. */
export const subscriptionKinds = ['newHeads', 'logs', 'newPendingTransactions'] as const

/**
 * Further standard reads the hosted service answers that a wallet scope does not list. Never the
 * node's own namespaces (`anvil_*`, `evm_*`, `hardhat_*`, `debug_*`, `admin_*`) nor methods that use
 * the node's keys (`eth_sendTransaction`, `eth_sign`, `eth_accounts`).
 */
const endpointOnlyMethods = [
  'eth_blobBaseFee',
  'eth_createAccessList',
  'eth_getBlockReceipts',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'net_listening',
  'net_peerCount',
  'web3_sha3',
  // The wallet's transaction preview (DESIGN §4): a read-only simulation on the latest state.
  'eth_simulateV1',
] as const

const httpMethods: ReadonlySet<string> = new Set([...nodeMethods, ...endpointOnlyMethods])
const webSocketMethods: ReadonlySet<string> = new Set([...httpMethods, ...subscriptionMethods])

/**
 * The endpoint's methods that send something (`eth_sendRawTransaction`) or work on one key's
 * filters: each call is its own, even when another asks the same.
 */
const ownCallMethods: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
])

/**
 * The reads whose answer depends on nothing but the method, its params and the chain: identical
 * calls of them in flight at once are served by one upstream read (the endpoint's shared reads).
 * Everything over HTTP but sending and filters; subscriptions never.
 */
export const sharedReadMethods: readonly string[] = [...httpMethods].filter(
  (method) => !ownCallMethods.has(method),
)

/**
 * The endpoint's allow-list (DESIGN §5): true when `method` may be called over `transport`.
 * `eth_subscribe`/`eth_unsubscribe` are WebSocket-only.
 *
 * @example isEndpointMethod('eth_getLogs', 'http') // true; isEndpointMethod('evm_mine', 'http') // false
 */
export const isEndpointMethod = (method: string, transport: EndpointTransport): boolean =>
  (transport === 'ws' ? webSocketMethods : httpMethods).has(method)
