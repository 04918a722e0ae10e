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

/** A stored filter and the version a conditional `replace` must name. */
export type FilterRecord = { version: number; filter: StoredFilter }

/**
 * The endpoint's filter state (DESIGN §5), behind one interface: in memory
 * (`createMemoryFilterStore`, the default) or in Redis (`createRedisFilterStore`), shared by every
 * process. A filter belongs to its API key (another key never sees it) and expires `ttlMs` after its
 * last poll.
 */
export type FilterStore = {
  /**
   * Stores a new filter of `apiKey`; resolves with its unguessable id (`0x` + 32 hex), or with
   * undefined when `apiKey` already has `maxFilters` live filters (checked and added atomically).
   */
  add(apiKey: string, filter: StoredFilter, maxFilters: number): Promise<string | undefined>
  /** A poll: the live filter `id` of `apiKey`, its expiry pushed back; expired or foreign → undefined. */
  poll(apiKey: string, id: string): Promise<FilterRecord | undefined>
  /**
   * Replaces the filter if it is still at `version` (an atomic compare-and-set: of two concurrent
   * polls, one advances the cursor and the other sees `false` and starts again). False as well when
   * the filter is gone.
   */
  replace(apiKey: string, id: string, version: number, filter: StoredFilter): Promise<boolean>
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
