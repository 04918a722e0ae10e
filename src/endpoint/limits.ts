/**
 * The endpoint's bounds and caps (issue 11, docs/endpoint.md "Bounds and caps"): one object the
 * server receives, defaults below, each settable by a CLI flag. The per-key ones (`KeyLimits`) may
 * be overridden per API key (the keys file, DESIGN §5), through `limitsFor`.
 */
export type EndpointLimits = KeyLimits & {
  /** Open WebSockets from one remote address, over every key. */
  maxSocketsPerAddress: number
  /** A WebSocket whose unsent data passes this many bytes is closed (1013). */
  maxBufferedBytes: number
  /** Request headers must arrive within this time (408). */
  headersTimeoutMs: number
  /** A whole request (headers and body) must arrive within this time (408). */
  requestTimeoutMs: number
  /**
   * A connection with no traffic either way for this long is dropped: a client that stops reading
   * an answer cannot hold it (and its memory) for longer.
   */
  idleTimeoutMs: number
  /**
   * The largest answer of a query whose size the caller chooses (Solana's `getProgramAccounts`,
   * `getMultipleAccounts`, …): beyond it `-32005` with a hint, and the node's answer is not read on.
   */
  maxAnswerBytes: number
}

/** The caps a keys file may set for one API key. */
export type KeyLimits = {
  /** Live filters of one key (`-32005` beyond). */
  maxFilters: number
  /** Live subscriptions of one WebSocket (`-32005` beyond). */
  maxSubscriptionsPerSocket: number
  /** Open WebSockets of one key (upgrade refused with 429 beyond). */
  maxSocketsPerKey: number
  /** Frames (a request or a batch) one WebSocket may have awaiting their answer (`-32005` beyond). */
  maxPendingPerSocket: number
}

export const defaultLimits: EndpointLimits = {
  maxFilters: 10_000,
  maxSubscriptionsPerSocket: 1_000,
  maxSocketsPerKey: 1_000,
  maxSocketsPerAddress: 100,
  maxPendingPerSocket: 32,
  maxBufferedBytes: 16 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxAnswerBytes: 32 * 1024 * 1024,
}

/** The limits of one API key: the endpoint's, with that key's overrides. */
export type LimitsFor = (apiKey: string) => KeyLimits
