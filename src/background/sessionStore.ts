import type { SessionStore, StoredSession } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type { Storage } from './storage.ts'

/**
 * Sessions in `storage.local`, one key per origin (`session:<origin>`), so that writes for two
 * origins never race. A write-through cache keeps reads off the storage API on the hot path
 * (`wallet_invokeMethod`); only this worker writes these keys. `onChange` runs after every write
 * (the worker schedules the next expiry from it).
 */
export function createSessionStore(storage: Storage, onChange: () => void): SessionStore {
  const cache = new Map<string, StoredSession | undefined>()
  const key = (origin: string): string => `${localKeys.sessionPrefix}${origin}`

  return {
    async get(origin) {
      if (cache.has(origin)) return cache.get(origin)
      const stored = await storage.read<StoredSession>(key(origin))
      // A write while this read was under way is newer than what the read found.
      if (!cache.has(origin)) cache.set(origin, stored)
      return cache.get(origin)
    },
    async set(origin, stored) {
      cache.set(origin, stored)
      await storage.write(key(origin), stored)
      onChange()
    },
    async delete(origin) {
      cache.set(origin, undefined)
      await storage.remove(key(origin))
      onChange()
    },
    async list() {
      const all = await storage.readPrefixed<StoredSession>(localKeys.sessionPrefix)
      return Object.entries(all).map(([origin, stored]) => ({ origin, session: stored }))
    },
  }
}
