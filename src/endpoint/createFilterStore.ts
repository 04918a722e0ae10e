import { randomBytes } from 'node:crypto'
import type { LogFilter } from '../core/eth/validateFilter.ts'

/** A log filter: `eth_getFilterChanges` returns the matching logs of blocks after `nextBlock - 1`. */
export type LogFilterState = {
  kind: 'logs'
  criteria: LogFilter
  nextBlock: bigint
  /** For a `blockHash` filter: its logs were already returned once. */
  delivered: boolean
  lastPolledAt: number
  /** Polls of one filter run one after another so no block is returned twice. */
  queue: Promise<unknown>
}

/** A block filter: `eth_getFilterChanges` returns the hashes of blocks from `nextBlock` on. */
export type BlockFilterState = {
  kind: 'blocks'
  nextBlock: bigint
  lastPolledAt: number
  queue: Promise<unknown>
}

export type FilterState = LogFilterState | BlockFilterState

export type FilterStore = {
  add(apiKey: string, state: FilterState): string
  /** The live filter `id` of `apiKey`, refreshed (a poll); expired or foreign → undefined. */
  poll(apiKey: string, id: string): FilterState | undefined
  remove(apiKey: string, id: string): boolean
  size(): number
  close(): void
}

export type CreateFilterStoreParameters = {
  /** A filter not polled for this long is gone. */
  ttlMs: number
  now?: () => number
}

/**
 * Filters owned by API key (DESIGN §5): one key's filters are invisible to every other key, shared
 * by that key's HTTP and WebSocket clients, and expire `ttlMs` after their last poll. Expiry is
 * checked on every access; a sweep also frees the memory of filters nobody polls again.
 */
export function createFilterStore(parameters: CreateFilterStoreParameters): FilterStore {
  const { ttlMs } = parameters
  const now = parameters.now ?? Date.now
  const byKey = new Map<string, Map<string, FilterState>>()

  const expired = (state: FilterState): boolean => now() - state.lastPolledAt > ttlMs

  const sweep = () => {
    for (const [key, filters] of byKey) {
      for (const [id, state] of filters) if (expired(state)) filters.delete(id)
      if (filters.size === 0) byKey.delete(key)
    }
  }
  const sweeper = setInterval(sweep, Math.min(Math.max(ttlMs, 1000), 60_000))
  sweeper.unref()

  return {
    add(apiKey, state) {
      const id = `0x${randomBytes(16).toString('hex')}`
      let filters = byKey.get(apiKey)
      if (!filters) {
        filters = new Map()
        byKey.set(apiKey, filters)
      }
      filters.set(id, state)
      return id
    },
    poll(apiKey, id) {
      const filters = byKey.get(apiKey)
      const state = filters?.get(id)
      if (!filters || !state) return undefined
      if (expired(state)) {
        filters.delete(id)
        return undefined
      }
      state.lastPolledAt = now()
      return state
    },
    remove(apiKey, id) {
      const filters = byKey.get(apiKey)
      const state = filters?.get(id)
      if (!filters || !state) return false
      filters.delete(id)
      return !expired(state)
    },
    size() {
      let total = 0
      for (const filters of byKey.values()) total += filters.size
      return total
    },
    close() {
      clearInterval(sweeper)
      byKey.clear()
    },
  }
}
