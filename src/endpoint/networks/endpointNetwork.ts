import type { RpcError } from '../../core/rpc/errors.ts'
import type { EndpointTransport, RpcRequest } from '../../core/rpc/types.ts'
import type { ReadFinalized } from '../cache/createFinalityTracker.ts'
import type { SharedAnswer } from '../createSharedReads.ts'
import type { SubscriptionId, SubscriptionRelay } from '../createSubscriptionRelay.ts'
import type { UpstreamAnswer, UpstreamClient } from '../createUpstreamClient.ts'
import type { LimitsFor } from '../limits.ts'
import type { FilterStore } from '../state/filterStore.ts'
import type { CacheRules, CallContext, RpcAnswer } from '../types.ts'

/** The networks the endpoint serves (`--network`), named by their CAIP-2 namespace. */
export const networkNames = ['eip155', 'solana'] as const
export type NetworkName = (typeof networkNames)[number]

export const isNetworkName = (value: string): value is NetworkName =>
  (networkNames as readonly string[]).includes(value)

/**
 * Answers `method(params)` from the response cache, or asks the node (and keeps what is immutable),
 * shared with the identical reads in flight. The params are serialized once, here: `ask` is given
 * their JSON text, the one both were keyed by, to send as it is.
 */
export type CachedRead = (
  method: string,
  params: unknown,
  ask: (paramsText: string) => Promise<UpstreamAnswer>,
) => Promise<SharedAnswer>

/** What the endpoint gives a network's own method handlers. */
export type NetworkTools = {
  upstream: UpstreamClient
  filters: FilterStore
  subscriptions: SubscriptionRelay
  queryTimeoutMs: number
  /** The largest answer of a query whose size the caller chooses (`EndpointLimits.maxAnswerBytes`). */
  maxAnswerBytes: number
  limitsFor: LimitsFor
  /** Reads through the response cache and the shared reads (`CachedRead`). */
  cached: CachedRead
  /**
   * The call sent to the node as it is (batched when the network says it may be), its params as
   * the JSON text a `cached` read hands its `ask`.
   */
  forward(method: string, paramsText: string): Promise<UpstreamAnswer>
  /** Reports a failure of the endpoint's own making (or of its dependencies'). */
  report(error: unknown, request: RpcRequest): void
}

/** A method a network answers its own way (limits, state, subscriptions): never throws but RpcError. */
export type MethodHandler = (params: unknown, context: CallContext) => Promise<RpcAnswer>

/** What the ready line and `RunningEndpoint` tell of an embedded node. */
export type LocalNodeSummary =
  | { anvil: { rpcUrl: string; wsUrl: string; chainId: number; pid: number } }
  | { surfpool: { rpcUrl: string; wsUrl: string; pid: number } }

/** The node an endpoint started for itself (anvil, Surfpool), stopped with it. */
export type LocalNode = {
  rpcUrl: string
  wsUrl: string
  summary: LocalNodeSummary
  /** Stops the node and waits until its process is gone. Safe to call twice. */
  stop(): Promise<void>
}

/**
 * What a network brings to the one endpoint (STYLE "Namespaces"): its allow-list, its param checks
 * and bounds, its own method handlers (filters, subscriptions, bounded queries), its cache rules and
 * finality, its form of subscription ids, its health call, and its embedded node. Everything else —
 * server, admission, caps, relay, cache, state, workers, metrics — is the endpoint's, shared.
 */
export type EndpointNetwork = {
  name: NetworkName
  /** The port `npm run node` listens on without `--port`. */
  defaultPort: number
  /** The allow-list: whether `method` may be called over `transport` (else `-32601`). */
  isMethod(method: string, transport: EndpointTransport): boolean
  /** Refuses params no node should see (`-32602`, `-32005`), before any upstream call. */
  checkParams(method: string, params: unknown): RpcError | undefined
  /** The methods answered by the network's own code; the others go to the node (cached if immutable). */
  handlers(tools: NetworkTools): ReadonlyMap<string, MethodHandler>
  /** Cheap point reads that may share an upstream JSON-RPC batch (none: the node refuses batches). */
  batchableMethods: ReadonlySet<string>
  /** Small reads, safe to send twice: pipelined to the node (`UpstreamCallOptions.pointRead`). */
  pointReads: ReadonlySet<string>
  /**
   * Reads that identical calls in flight at once share (`createSharedReads`): their answer depends
   * on nothing but method, params and the node's state. Never sending, filters, subscriptions.
   */
  sharedReads: ReadonlySet<string>
  cacheRules: CacheRules
  /** How the finalized head is read from the node, for the cache. */
  readFinalized(upstream: UpstreamClient, timeoutMs: number): ReadFinalized
  /** The call `/healthz` makes, and the field its result is reported under. */
  identity: { method: string; field: string }
  /** The contracts a call names, for a key's `allowedAddresses`; undefined when it names none. */
  contractsOf(method: string, params: unknown): unknown[] | undefined
  newSubscriptionId(): SubscriptionId
  /** Starts the embedded node on a free loopback port (without `--upstream`). */
  startLocalNode(options: { chainId?: number }): Promise<LocalNode>
}
