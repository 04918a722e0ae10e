import type { ChainId, NormalizedScope } from '../caip/types.ts'
import type {
  Json,
  NodeAnswer,
  RelayedNodeAnswer,
  RpcId,
  RpcNotification,
  RpcRequest,
  RpcResponse,
} from '../rpc/types.ts'

/**
 * The engine's ports: every piece of I/O the Multichain API engine needs, as small interfaces. The
 * service worker implements them with chrome.storage, runtime ports and windows; unit tests with
 * in-memory objects.
 */

/**
 * A wallet account as the engine names it, whatever namespaces a session holds: its `eip155`
 * address (`0xf39F…`), the key the approval window and the popup's edits use (`WalletAccounts`);
 * an account without one (an imported Solana key) is `0x` and its public key's 64 hex digits.
 * The shape of viem's `Address`, named here so that the engine needs no chain's library.
 */
export type AccountKey = `0x${string}`

/** An identifier of one live page connection (one frame of one tab), opaque to the engine. */
export type ConnectionId = string

/**
 * What each granted chain allows, keyed by chain id: `accounts` are CAIP-10 ids on that chain with
 * EIP-55 addresses.
 */
export type SessionScopes = Record<ChainId, NormalizedScope>

/**
 * Known session properties (DESIGN §4 step 3): `expiry` (ISO-8601), and the on/off flags the
 * namespaces read (`Namespace.sessionFlags`: Solana's `solana_accountChanged_notifications`, §8).
 */
export type SessionProperties = { expiry?: string; [flag: string]: string | boolean | undefined }

/** An origin's stored session: what `wallet_getSession` returns, plus bookkeeping for the popup. */
export type StoredSession = {
  sessionScopes: SessionScopes
  sessionProperties: SessionProperties
  /** Per chain offered for approval, the methods/notifications the dapp asked for (the ceiling for popup edits). */
  requestedScopes: Record<ChainId, { methods: string[]; notifications: string[] }>
  /** Milliseconds since the epoch (from the Clock). */
  createdAt: number
}

/** Sessions keyed by origin (`https://app.example`). */
export interface SessionStore {
  get(origin: string): Promise<StoredSession | undefined>
  set(origin: string, session: StoredSession): Promise<void>
  delete(origin: string): Promise<void>
  list(): Promise<Array<{ origin: string; session: StoredSession }>>
}

/** One chain offered to the user in the approval window. */
export type ApprovalChain = {
  chainId: ChainId
  /** Requested as required (checked and not uncheckable) or optional (checked by default). */
  required: boolean
  methods: string[]
  notifications: string[]
}

/** What the approval window shows for one `wallet_createSession`. */
export type ApprovalRequest = {
  origin: string
  chains: ApprovalChain[]
  /**
   * The wallet's accounts to show checked at first (those the dapp named, else the first), as the
   * wallet's own keys (`WalletCapabilities.accounts`), so the window compares them as they are.
   */
  preselectedAccounts: AccountKey[]
  sessionProperties: SessionProperties
}

/** The user's answer in the approval window: the chains and accounts they approved, or not. */
export type ApprovalResult =
  | { approved: true; chains: ChainId[]; accounts: AccountKey[] }
  | { approved: false }

/**
 * What the approver resolves with: the user's answer and, when approved, the request as the window
 * showed it (`shown`). A grant is made of `shown` — for a request re-sent after a worker restart,
 * its first copy's — never of the params of the message that happens to be waiting (DESIGN §6).
 */
export type ApprovalAnswer =
  | { approved: true; chains: ChainId[]; accounts: AccountKey[]; shown: ApprovalRequest }
  | { approved: false }

/** Asks the user. Resolves when they approve, reject or close the window. */
export interface Approver {
  requestApproval(request: ApprovalRequest): Promise<ApprovalAnswer>
}

/** A node's answer as the router gives it: parsed, or with the result as the node's JSON text. */
export type RoutedNodeAnswer = NodeAnswer | RelayedNodeAnswer

/** Who a subscription belongs to: events go to that connection only. */
export type SubscriptionOwner = { origin: string; connection: ConnectionId; chainId: ChainId }

/**
 * What a page request's answer may send ahead of itself: the pieces of a node's result text as they
 * arrive (`onResultPiece`, see `NodeRequestOptions` of `core/eth/createHttpNodeClient.ts`); the
 * answer's `resultJson` is then what follows them. Given only for a pass-through node read whose
 * answer goes to one page connection.
 */
export type AnswerOptions = { onResultPiece?: (text: string) => void }

/**
 * How a page request's caller takes its answer: `AnswerOptions`, and `afterAnswer`, where work that
 * must not delay the answer goes (its activity record): the caller runs each task once the answer
 * is sent to the page. Without it, that work starts at once.
 */
export type PageRequestOptions = AnswerOptions & { afterAnswer?: (task: () => void) => void }

/**
 * How the engine takes one request: `PageRequestOptions`, and `askedAs`, the identity of the page request
 * it runs for when another page API asks on that request's behalf (the EIP-1193 provider's
 * `personal_sign` as `wallet_invokeMethod`). Its records (a confirmation, an approval) then carry the
 * page request's key and digest, which the page's re-send and the release after its answer match
 * (DESIGN §6); without it they carry the identity of the request the engine was given
 * (`RequestIdentity` of `core/protocol/requestIdentity.ts`, spelled out: the seam imports no module).
 */
export type EngineRequestOptions = PageRequestOptions & {
  askedAs?: { requestKey: string; requestDigest: string }
}

/**
 * Talks to each chain's node endpoint. `request` throws (any Error) when the endpoint cannot be
 * reached or does not answer JSON; the engine turns that into `-32603` with `data.cause`.
 */
export interface NodeRouter {
  request(
    chainId: ChainId,
    method: string,
    params: Json[] | Record<string, Json> | undefined,
    options?: AnswerOptions,
  ): Promise<RoutedNodeAnswer>
  /** `eth_subscribe` over the chain's WebSocket; resolves with the (wallet-issued) subscription id. */
  subscribe(owner: SubscriptionOwner, params: Json[]): Promise<RoutedNodeAnswer>
  /** `eth_unsubscribe` of one of `owner.origin`'s subscriptions. */
  unsubscribe(owner: SubscriptionOwner, subscriptionId: string): Promise<RoutedNodeAnswer>
  /** Ends every subscription matching: an origin, optionally one connection and/or one chain. */
  unsubscribeAll(match: {
    origin: string
    connection?: ConnectionId
    chainId?: ChainId
  }): Promise<void>
}

/** Delivers notifications (`wallet_notify`, `wallet_sessionChanged`) to pages. */
export interface Notifier {
  toConnection(connection: ConnectionId, notification: RpcNotification): void
  toOrigin(origin: string, notification: RpcNotification): void
}

export interface Clock {
  now(): number
}

/**
 * What the wallet can grant right now: its networks with their methods (from each namespace,
 * `Namespace.chains`), and its accounts — named by their `eip155` address, with their addresses in
 * the other namespaces in `addresses` (`WalletAccounts`).
 */
export type WalletCapabilities = {
  chains: Record<ChainId, { methods: string[]; notifications: string[] }>
  accounts: AccountKey[]
  /** Per namespace, each account's address there, in `accounts` order (`{ solana: [base58…] }`). */
  addresses?: Record<string, string[]>
}

export interface CapabilitiesSource {
  get(): Promise<WalletCapabilities>
}

/** What a namespace's signing request ends with: the result, or a node's error relayed verbatim. */
export type SignerAnswer =
  | { result: Json }
  | { error: { code: number; message: string; data?: Json } }

export type EnginePorts = {
  sessions: SessionStore
  approver: Approver
  nodes: NodeRouter
  notifier: Notifier
  clock: Clock
  capabilities: CapabilitiesSource
}

/** A page API's ask to connect to one namespace of the origin's session (`connectNamespace`). */
export type ConnectNamespaceRequest = {
  origin: string
  /** The CAIP-2 namespace whose chains the page API connects to: `solana`. */
  namespace: string
  /** Only read the session: never a window (Wallet Standard `connect({ silent: true })`). */
  silent?: boolean
  /**
   * Ask even when the session already holds accounts of the namespace (EIP-1193
   * `wallet_requestPermissions`): the approved chains and accounts then take the place of the
   * namespace's scopes; the other namespaces' stay.
   */
  prompt?: boolean
  /** The chain to offer first, when the wallet has it (EIP-1193: the site's current chain). */
  firstChain?: ChainId
}

/**
 * The engine's surface, used by the background (and, for edits, by the popup's messages):
 * - `handleRequest` answers one page request from `origin` on `connection` (never throws; any bad
 *   input gives a JSON-RPC error response with the request's id).
 * - `connectionClosed` ends that connection's subscriptions.
 * - `updateSession` applies a popup edit (chains/accounts), notifying the origin; empty → revoke.
 * - `revokeSession` ends a session from the wallet side (popup revoke), notifying the origin.
 * - `expireSessions` ends every session whose `expiry` is at or before `clock.now()`.
 * - `dropUnavailableChains` removes scopes on chains the wallet no longer offers (network removed).
 * - `dropRemovedAccounts` removes accounts the wallet no longer holds (an imported one removed).
 * - `deliverSubscriptionEvent` wraps a node `eth_subscription` event as `wallet_notify` to its owner.
 * - `nodesOf` is the node router in the origin's line, for the origin's other page APIs.
 * - `connectNamespace` / `disconnectNamespace` add or remove one namespace's scopes of the origin's
 *   session for a page API of that namespace (the Solana Wallet Standard wallet); both resolve with
 *   the session after, and throw `RpcError`s (`4001`, `-32002`, `5100`).
 */
export interface MultichainEngine {
  handleRequest(
    origin: string,
    connection: ConnectionId,
    request: unknown,
    options?: EngineRequestOptions,
  ): Promise<EngineResponse>
  connectionClosed(connection: ConnectionId, origin: string): Promise<void>
  updateSession(origin: string, edit: { chains: ChainId[]; accounts: AccountKey[] }): Promise<void>
  revokeSession(origin: string): Promise<void>
  expireSessions(): Promise<void>
  dropUnavailableChains(): Promise<void>
  dropRemovedAccounts(): Promise<void>
  deliverSubscriptionEvent(owner: SubscriptionOwner, subscription: string, result: Json): void
  /**
   * The node router as `origin`'s calls see it: each call waits its turn in the origin's line
   * (DESIGN §6) — the same line for every page API of the origin (the EIP-1193 provider's reads).
   */
  nodesOf(origin: string): NodeRouter
  connectNamespace(request: ConnectNamespaceRequest): Promise<Json>
  disconnectNamespace(request: { origin: string; namespace: string }): Promise<Json>
}

/**
 * A success whose result travels as JSON text (a node's `resultJson`) to the page's provider, which
 * parses it and resolves with the value: the page sees the same result as from `{ result }`.
 */
export type RpcSerializedSuccess = { jsonrpc: '2.0'; id: RpcId; resultJson: string }

/** What the engine answers a page request with. */
export type EngineResponse = RpcResponse | RpcSerializedSuccess

export type { RpcRequest }
