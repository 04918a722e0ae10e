import type { EndpointTransport } from '../core/rpc/types.ts'
import type { SharedAnswer } from './createSharedReads.ts'
import type { SubscriptionClient } from './createSubscriptionRelay.ts'
import type { UpstreamAnswer } from './createUpstreamClient.ts'

// What the method dispatch (`createRpcHandler.ts`), the networks (`networks/`) and the response
// cache (`cache/createAnswerCache.ts`) share: a call's context, its answer, the cache's rules.
// Types only, over the upstream's answer and the relay's client: so none of the three imports
// another for them (they did, in a circle).

/** Who is calling: the API key (owner of filters) and the transport (WS carries subscriptions). */
export type CallContext = {
  apiKey: string
  transport: EndpointTransport
  /** The WebSocket client, for subscriptions. */
  client?: SubscriptionClient
}

/**
 * Told by the transport whether an answer was written out (handed to the socket) or not (the client
 * went away, the call was a notification): a filter poll moves its cursor only then.
 */
export type AfterWrite = (written: boolean) => void

/**
 * An answer (the node's, or a shared read's result text); one whose effect waits until it is delivered (a filter poll with changes) carries
 * `afterWrite`, which the transport must call once.
 */
export type RpcAnswer = SharedAnswer & { afterWrite?: AfterWrite }

/** Which answers may be kept once their block (slot) is finalized (docs/endpoint.md "Cache"). */
export type CacheRules = {
  /** Answers of `method` might be kept (others are never looked up). */
  mayCache(method: string): boolean
  /** Answers of `method` never change for one node. */
  isConstant(method: string): boolean
  /** The block (slot) an answer belongs to, when known; undefined for anything that moves. */
  blockOf(method: string, params: unknown, answer: UpstreamAnswer): bigint | undefined
}
