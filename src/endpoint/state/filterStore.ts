import type { LogFilter } from '../../core/eth/validateFilter.ts'
import type { Json } from '../../core/rpc/types.ts'

/** A block the filter has returned: its number (hex) and hash. */
export type BlockCursor = { number: `0x${string}`; hash: `0x${string}` }

/**
 * A block above the finalized head that a filter returned something for: the logs it returned
 * (log filters) or just the block (block filters). When a reorg drops the block, its logs are
 * returned again with `removed: true`.
 */
export type DeliveredBlock = BlockCursor & { logs: Json[] }

/**
 * A filter as a cursor, like the hosted service's "virtual filters": its criteria and the last block
 * it returned. Any endpoint process can serve the next poll from it.
 */
export type StoredFilter =
  | {
      kind: 'logs'
      criteria: LogFilter
      /** The first block it covers: the head at its creation + 1. */
      since: `0x${string}`
      cursor: BlockCursor
      /** Blocks above the finalized head it returned logs from, oldest first (bounded). */
      recent: DeliveredBlock[]
      /** A `blockHash` filter: its logs were already returned once. */
      delivered: boolean
    }
  | { kind: 'blocks'; since: `0x${string}`; cursor: BlockCursor; recent: DeliveredBlock[] }

/**
 * A poll in progress on a filter (`FilterStore.claim`): it computed changes and is writing them out;
 * until it commits or releases, no other poll may return changes of that filter.
 */
export type FilterClaim = {
  /** The claim as stored: names its holder (an endpoint process) and is unique per claim. */
  value: string
  /**
   * Whether the process holding it still runs. A claim of a dead holder (a killed worker) may be
   * taken over by the next poll; a live one is waited for.
   */
  holderAlive: boolean
}

/** A stored filter, the version a claim must name, and the claim on it if there is one. */
export type FilterRecord = { version: number; filter: StoredFilter; claim?: FilterClaim }

/**
 * How long a claim lasts when its holder neither commits nor releases it (a backstop: a live holder
 * settles as soon as its answer is written or lost). Past it the next poll returns the same changes.
 */
export const claimTtlMs = 30_000

/**
 * The endpoint's filter state (DESIGN §5), behind one interface: in memory
 * (`createMemoryFilterStore`, the default) or in Redis (`createRedisFilterStore`), shared by every
 * process. A filter belongs to its API key (another key never sees it) and expires `ttlMs` after its
 * last poll.
 *
 * A poll that returns changes moves the cursor in three steps, "claim, answer, commit", so that a
 * poll whose answer never reaches its client (the process was killed, the client went away) loses
 * nothing: `claim` before answering, then `commit` once the answer was written, or `release`.
 */
export type FilterStore = {
  /**
   * Stores a new filter of `apiKey`; resolves with its unguessable id (`0x` + 32 hex), or with
   * undefined when `apiKey` already has `maxFilters` live filters (checked and added atomically).
   */
  add(apiKey: string, filter: StoredFilter, maxFilters: number): Promise<string | undefined>
  /**
   * A poll: the live filter `id` of `apiKey` and any claim on it, its expiry pushed back; expired or
   * foreign → undefined.
   */
  poll(apiKey: string, id: string): Promise<FilterRecord | undefined>
  /**
   * Claims the filter for a poll that read it at `version` and saw the claim `seen` (none, or a dead
   * holder's), atomically: resolves with the new claim's value, or undefined when the filter moved
   * on, another poll claimed it meanwhile, or it is gone (the poll then starts again).
   */
  claim(apiKey: string, id: string, version: number, seen?: string): Promise<string | undefined>
  /**
   * Moves the cursor to `filter` (version + 1) and drops the claim, if `claim` is still the filter's
   * claim; false otherwise (it expired or a poll took it over: those changes are returned again).
   */
  commit(apiKey: string, id: string, claim: string, filter: StoredFilter): Promise<boolean>
  /** Drops the claim if it is still `claim`, leaving the cursor: the next poll returns the same. */
  release(apiKey: string, id: string, claim: string): Promise<boolean>
  /** True when a live filter was removed. */
  remove(apiKey: string, id: string): Promise<boolean>
  /** Live filters of every key. */
  size(): Promise<number>
  close(): Promise<void>
}

/** The state store failed (Redis unreachable or slow): the call answers -32603. */
export class StateStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StateStoreError'
  }
}
