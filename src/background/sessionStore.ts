import type { SessionStore, StoredSession } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import type { RecordSeal } from './recordSeal.ts'
import type { Storage } from './storage.ts'

/**
 * Sessions in `storage.local`, one key per origin (`session:<origin>`), so that writes for two
 * origins never race. A write-through cache keeps reads off the storage API on the hot path
 * (`wallet_invokeMethod`); only this worker writes these keys. `onChange` runs after every write
 * (the worker schedules the next expiry from it).
 *
 * Each record is sealed (`recordSeal.ts`) for its key: a record read back is a session only if
 * this worker's seal opens it. Anything else under `session:` — written by a context that could
 * reach the storage, another origin's record copied over, a record from before sessions were
 * sealed — grants nothing: it is ignored and removed.
 */
export function createSessionStore(
  storage: Storage,
  seal: RecordSeal,
  onChange: () => void,
): SessionStore {
  const cache = new Map<string, StoredSession | undefined>()
  const key = (origin: string): string => `${localKeys.sessionPrefix}${origin}`
  // An origin's writes reach storage in the order they were made (sealing one takes a turn).
  const writes = new Map<string, Promise<void>>()
  const inOrder = (origin: string, write: () => Promise<void>): Promise<void> => {
    const next = (writes.get(origin) ?? Promise.resolve()).then(write, write)
    writes.set(origin, next)
    const forget = () => {
      if (writes.get(origin) === next) writes.delete(origin)
    }
    next.then(forget, forget)
    return next
  }

  /** The session of a stored record, or `undefined` (the record removed) if the worker did not write it. */
  const opened = async (origin: string, stored: unknown): Promise<StoredSession | undefined> => {
    if (stored === undefined) return undefined
    const session = await seal.open<StoredSession>(key(origin), stored)
    // Unless a write replaced it meanwhile.
    if (!session && !cache.has(origin)) await storage.remove(key(origin))
    return session
  }

  return {
    async get(origin) {
      if (cache.has(origin)) return cache.get(origin)
      const stored = await opened(origin, await storage.read<unknown>(key(origin)))
      // A write while this read was under way is newer than what the read found.
      if (!cache.has(origin)) cache.set(origin, stored)
      return cache.get(origin)
    },
    async set(origin, stored) {
      cache.set(origin, stored)
      await inOrder(origin, async () =>
        storage.write(key(origin), await seal.seal(key(origin), stored)),
      )
      onChange()
    },
    async delete(origin) {
      cache.set(origin, undefined)
      await inOrder(origin, () => storage.remove(key(origin)))
      onChange()
    },
    async list() {
      const all = await storage.readPrefixed<unknown>(localKeys.sessionPrefix)
      const sessions = await Promise.all(
        Object.entries(all).map(async ([origin, stored]) => ({
          origin,
          session: await opened(origin, stored),
        })),
      )
      return sessions.flatMap(({ origin, session }) => (session ? [{ origin, session }] : []))
    },
  }
}
