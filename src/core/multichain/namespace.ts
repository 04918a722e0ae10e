import type { AccountId, ChainId, NormalizedScope } from '../caip/types.ts'
import type { Json, NodeCall, RpcErrorObject, RpcNotification } from '../rpc/types.ts'
import type { AccountKey, ConnectionId, EnginePorts, StoredSession } from './ports.ts'

// The engine's seam (DESIGN §1): what a namespace is, what the engine hands it and its own
// handlers, and how a scope finds its namespace. Built on the CAIP and JSON-RPC types and the ports
// only: no handler, no namespace, no chain's library. The engine imports it, `core/eth` and
// `core/solana` implement it, and the composition roots (`core/wallet/namespaces.ts` for the
// worker, the tests) hand the namespaces to the engine (`createMultichainEngine(ports, { namespaces })`).

/** What the handlers share: the ports, and the origins with a `wallet_createSession` awaiting the user. */
export type EngineContext = {
  ports: EnginePorts
  /** The namespaces the wallet speaks: each answers for its scopes (`Namespace`). */
  namespaces: readonly Namespace[]
  pendingApprovals: Set<string>
  /** Sessions being ended right now, so that concurrent ends (expiry timer and alarm) notify once. */
  endingSessions: Map<string, Promise<boolean>>
}

/**
 * One page call as a handler sees it; the origin comes from the browser, never from the message.
 * `session` is the origin's session as loaded (expiry applied) once per request by the engine.
 */
export type HandlerCall = {
  origin: string
  connection: ConnectionId
  /** `<connection>/<request id>` (`requestKeyOf`): a re-send of the same page request repeats it. */
  requestKey: string
  /** What the request asks (`requestDigestOf`): a re-send must ask the same (DESIGN §6). */
  requestDigest: string
  params: unknown
  session: StoredSession | undefined
  /** For a node read passed through as it is: its result's pieces, sent ahead (`AnswerOptions`). */
  onResultPiece?: (text: string) => void
}

/**
 * A handler's answer: a result (or a node's result as its JSON text), or an error object relayed as
 * is (a node's error, verbatim). Errors of the wallet's own are thrown as `RpcError`s instead.
 */
export type HandlerAnswer = { result: Json } | { resultJson: string } | { error: RpcErrorObject }

export type Handler = (context: EngineContext, call: HandlerCall) => Promise<HandlerAnswer>

/** What a scope supports, or is granted: its methods and notifications. */
export type ScopeSupport = { methods: string[]; notifications: string[] }

/** One of the wallet's networks, as a namespace sees it when it lists its chains. */
export type WalletNetwork = { chainId: ChainId; enabled: boolean }

/**
 * The wallet's accounts as the engine holds them. Each is named by its `eip155` address (`keys`): the
 * key the approval window and the popup's edits use for "this wallet account", whatever namespaces a
 * session holds; an account with no EVM address (an imported Solana key) by `0x` and its 32-byte
 * public key in hex, which is no EVM address. `addresses` gives each account's address in the other
 * namespaces, in `keys` order (`{ solana: ['9xQe…', …] }`), `''` where it has none.
 */
export type WalletAccounts = {
  keys: readonly AccountKey[]
  addresses?: Readonly<Record<string, readonly string[]>>
}

/** A method granted in a session scope, as the engine hands it to the scope's namespace. */
export type NamespaceInvocation = {
  chainId: ChainId
  scope: NormalizedScope
  method: string
  params: unknown
}

/**
 * Where a subscription's events got to, kept with it across worker restarts (`storage.session`): the
 * namespace's own fields, as strings (`eip155`: `lastBlock`, and `lastLogIndex` for `logs`). `{}`:
 * nothing to resume from.
 */
export type SubscriptionCursor = Readonly<Record<string, string>>

/**
 * How a subscription resumes after a worker restart or a dropped socket, the way viem's
 * `watchBlocks` emits the blocks it missed: the cursor it starts at, which events are news, and
 * what it missed while no socket carried it.
 */
export interface SubscriptionCatchUp {
  /**
   * The cursor a new subscription of `params` starts at, read over `call` before the node is asked
   * to subscribe (`logs`: the head, so that a gap after a restart is filled from there); `{}` for
   * a kind that is not caught up.
   */
  start(call: NodeCall, params: Json[]): Promise<SubscriptionCursor>
  /**
   * Whether `event` is news for a subscription of `params` at `cursor`: the cursor after it, or
   * `undefined` when it was delivered already (a block or log at or before the cursor). An event
   * that has no place on the chain is passed on with the cursor as it was.
   */
  admit(params: Json[], cursor: SubscriptionCursor, event: Json): SubscriptionCursor | undefined
  /**
   * The events a subscription of `params` at `cursor` missed while no socket carried it (a worker
   * restart, a dropped socket), oldest first, read over `call` as they are yielded; a bounded
   * number of blocks back at most. Each still goes through `admit`.
   */
  catchUp(call: NodeCall, params: Json[], cursor: SubscriptionCursor): AsyncIterable<Json>
}

/** Subscriptions delivered live only (`newPendingTransactions`): no cursor, nothing to catch up. */
export const liveOnlyCatchUp: SubscriptionCatchUp = {
  start: async () => ({}),
  admit: (_params, cursor) => cursor,
  async *catchUp() {},
}

/**
 * Subscriptions a namespace opens through `wallet_invokeMethod` over the chain's WebSocket, owned by
 * the calling connection (DESIGN §4: `eip155`'s `eth_subscribe` / `eth_unsubscribe`, events as
 * `eth_subscription`). They survive a worker restart: the wallet subscribes again and fills the gap
 * from each subscription's cursor (`SubscriptionCatchUp`).
 */
export interface NamespaceSubscriptions extends SubscriptionCatchUp {
  /** The methods that open and end one (`eth_subscribe`, `eth_unsubscribe`). */
  readonly methods: readonly string[]
  /** The notification that carries its events, granted besides the methods (`eth_subscription`). */
  readonly notification: string
  /**
   * Whether a granted scope (`undefined`: no longer granted) can hold subscriptions: when a session
   * change takes that away, the engine ends the origin's subscriptions on that chain.
   */
  allowedIn(scope: NormalizedScope | undefined): boolean
  /**
   * The `wallet_notify` `notification` telling the owning connection one event of `subscription`
   * (`{ method: 'eth_subscription', params: { subscription, result } }`).
   */
  event(subscription: string, result: Json): { method: string; params: Json }
}

/**
 * What one CAIP-2 namespace knows, as the session engine asks for it (DESIGN §1, STYLE "Namespaces"):
 * the engine, the approval window, the Connections screen and the confirmation queue speak CAIP ids
 * and ask the namespace of a scope everything else. `core/eth` (`eip155`, with `wallet:eip155`) and
 * `core/solana` implement it; adding a namespace adds a folder and an entry in `walletNamespaces` and
 * `createWalletNamespaces`.
 */
export interface Namespace {
  /** The CAIP-2 namespace: `eip155`, `solana`. */
  readonly name: string
  /** A label for people: `Ethereum`, `Solana`. */
  readonly title: string
  /**
   * What each of the wallet's enabled networks of this namespace supports, and any wallet scope it
   * offers (`wallet:eip155`). A scope asking `methods: []` (`notifications: []`) is granted all of
   * it: the standard set is everything supported.
   */
  chains(networks: readonly WalletNetwork[]): Record<ChainId, ScopeSupport>
  /**
   * Each wallet account's address in this namespace, in wallet order; `''` (or the list ending
   * early) for an account that has none here (an imported key of another namespace).
   */
  addresses(accounts: WalletAccounts): readonly string[]
  /** The CAIP-10 id of `address` in the session scope `chainId` (`eip155:1:<EIP-55 address>`). */
  accountId(chainId: ChainId, address: string): AccountId
  /** Whether two addresses name the same account (case-insensitive hex, exact base58, …). */
  sameAddress(a: string, b: string): boolean
  /**
   * The live check of an endpoint the user gives for one of this namespace's chains (the network
   * form, `wallet_addEthereumChain`): the node `call` reaches must say it serves `chainId` (`eip155`:
   * `eth_chainId`; `solana`: `getGenesisHash`). Resolves with a message for the user when it does
   * not, `undefined` when it does. Absent, the wallet takes no endpoint for the namespace's chains.
   */
  checkEndpoint?(call: NodeCall, chainId: ChainId): Promise<string | undefined>
  /**
   * Answers a method granted in one of this namespace's scopes: forwarded to the chain's node, or
   * a wallet method (signing behind a confirmation, the session's own accounts). Bad params throw
   * `-32602`, an account not granted `4100`, a rejection `4001`; node errors come back verbatim.
   */
  invoke(
    context: EngineContext,
    call: HandlerCall,
    invocation: NamespaceInvocation,
  ): Promise<HandlerAnswer>
  /** Methods the user confirms in the confirmation window (a page re-send re-attaches to them). */
  readonly confirmedMethods: readonly string[]
  /**
   * Methods whose second run does something twice (a second broadcast, filter, subscription or
   * prompt): a page's re-send after a worker restart gets the first run's answer.
   */
  readonly replayedMethods: readonly string[]
  /**
   * The subscriptions its scopes can hold; absent, they hold none (Solana's are the endpoint's
   * WebSocket methods, not offered through `wallet_invokeMethod`: DESIGN §8).
   */
  readonly subscriptions?: NamespaceSubscriptions
  /**
   * The on/off session properties this namespace reads (`solana_accountChanged_notifications`):
   * `wallet_createSession` keeps each one given as a boolean (`5302` otherwise, DESIGN §4 step 3).
   */
  readonly sessionFlags?: readonly string[]
  /**
   * What the origin's Multichain API connections are told, after `wallet_sessionChanged`, when its
   * session changed from `before` to `after` (`undefined`: no session) — Solana's `wallet_notify`
   * `metamask_accountsChanged` (DESIGN §8). Nothing when absent.
   */
  sessionChangeNotifications?(
    before: StoredSession | undefined,
    after: StoredSession | undefined,
  ): RpcNotification[]
}

/**
 * What a namespace knows without answering calls (its chains, account format, method lists): what
 * the approval window, the Connections screen and the worker's lists read (`walletNamespaces`).
 */
export type NamespaceKnowledge = Omit<Namespace, 'invoke'>

/**
 * The namespace a scope key or CAIP-10 account belongs to: `eip155` for `eip155:1` and for the wallet
 * scope `wallet:eip155` (`wallet:eip155:0x…`).
 */
export function namespaceNameOf(key: string): string {
  const [first = '', second = ''] = key.split(':')
  return first === 'wallet' ? second : first
}

/** The namespace of `key` (a scope or account id) among `namespaces`, if the wallet speaks it. */
export function findNamespace<Known extends NamespaceKnowledge>(
  namespaces: readonly Known[],
  key: string,
): Known | undefined {
  const name = namespaceNameOf(key)
  return namespaces.find((namespace) => namespace.name === name)
}
