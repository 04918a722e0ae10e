import { randomBytes } from 'node:crypto'
import { claimTtlMs, type FilterStore, type StoredFilter } from './filterStore.ts'

export type CreateMemoryFilterStoreParameters = {
  /** A filter not polled for this long is gone. */
  ttlMs: number
  /** A claim neither committed nor released for this long is gone. Default `claimTtlMs`. */
  claimTtlMs?: number
  now?: () => number
}

type Entry = {
  version: number
  filter: StoredFilter
  lastPolledAt: number
  claim?: { value: string; expiresAt: number }
}

/**
 * Filters in this process's memory (the default, one process): expiry is checked on every access,
 * and a sweep frees the memory of filters nobody polls again. Every claim is this process's, so its
 * holder is alive for as long as anyone can ask.
 */
export function createMemoryFilterStore(
  parameters: CreateMemoryFilterStoreParameters,
): FilterStore {
  const { ttlMs } = parameters
  const now = parameters.now ?? Date.now
  const claimLifetimeMs = parameters.claimTtlMs ?? claimTtlMs
  const byKey = new Map<string, Map<string, Entry>>()

  const expired = (entry: Entry): boolean => now() - entry.lastPolledAt > ttlMs

  const sweep = () => {
    for (const [key, filters] of byKey) {
      for (const [id, entry] of filters) if (expired(entry)) filters.delete(id)
      if (filters.size === 0) byKey.delete(key)
    }
  }
  const sweeper = setInterval(sweep, Math.min(Math.max(ttlMs, 1000), 60_000))
  sweeper.unref()

  const live = (apiKey: string, id: string): Entry | undefined => {
    const filters = byKey.get(apiKey)
    const entry = filters?.get(id)
    if (!filters || !entry) return undefined
    if (!expired(entry)) return entry
    filters.delete(id)
    return undefined
  }

  /** The entry's claim while it lasts. */
  const claimOf = (entry: Entry): string | undefined => {
    if (entry.claim && entry.claim.expiresAt <= now()) entry.claim = undefined
    return entry.claim?.value
  }
  let claims = 0

  return {
    async add(apiKey, filter, maxFilters) {
      const id = `0x${randomBytes(16).toString('hex')}`
      let filters = byKey.get(apiKey)
      if (!filters) {
        filters = new Map()
        byKey.set(apiKey, filters)
      }
      // Expired filters count until the sweep frees them (at most a minute, or the TTL): the cap
      // is checked on every new filter and must not cost a walk over the key's filters.
      if (filters.size >= maxFilters) return undefined
      filters.set(id, { version: 0, filter, lastPolledAt: now() })
      return id
    },
    async poll(apiKey, id) {
      const entry = live(apiKey, id)
      if (!entry) return undefined
      entry.lastPolledAt = now()
      const claim = claimOf(entry)
      return {
        version: entry.version,
        filter: entry.filter,
        ...(claim === undefined ? {} : { claim: { value: claim, holderAlive: true } }),
      }
    },
    async claim(apiKey, id, version, seen) {
      const entry = live(apiKey, id)
      if (!entry || entry.version !== version || claimOf(entry) !== seen) return undefined
      claims += 1
      const value = String(claims)
      entry.claim = { value, expiresAt: now() + claimLifetimeMs }
      return value
    },
    async commit(apiKey, id, claim, filter) {
      const entry = live(apiKey, id)
      if (!entry || claimOf(entry) !== claim) return false
      entry.version += 1
      entry.filter = filter
      entry.claim = undefined
      entry.lastPolledAt = now()
      return true
    },
    async release(apiKey, id, claim) {
      const entry = live(apiKey, id)
      if (!entry || claimOf(entry) !== claim) return false
      entry.claim = undefined
      return true
    },
    async remove(apiKey, id) {
      const entry = live(apiKey, id)
      if (!entry) return false
      byKey.get(apiKey)?.delete(id)
      return true
    },
    async size() {
      let total = 0
      for (const filters of byKey.values()) {
        for (const entry of filters.values()) if (!expired(entry)) total++
      }
      return total
    },
    async close() {
      clearInterval(sweeper)
      byKey.clear()
    },
  }
}
