import type { SessionStore, StoredSession } from '../multichain/ports.ts'

/** Told of every change of an origin's stored session, with the session before and after it. */
export type SessionChangeListener = (
  origin: string,
  before: StoredSession | undefined,
  after: StoredSession | undefined,
) => Promise<void>

/**
 * `store`, telling `listener` of every write and delete (after it is done): whoever changes a
 * session — a Multichain API call, an EIP-1193 call, a popup edit, a revoke, an expiry, a removed
 * network — the EIP-1193 providers of its origin hear of it (DESIGN §7). A listener's failure is
 * logged, never the write's.
 */
export function withSessionChanges(
  store: SessionStore,
  listener: SessionChangeListener,
): SessionStore {
  const told = (
    origin: string,
    before: StoredSession | undefined,
    after: StoredSession | undefined,
  ) =>
    listener(origin, before, after).catch((error: unknown) => {
      console.error('Aperture: telling the providers of a session change', error)
    })
  return {
    get: (origin) => store.get(origin),
    list: () => store.list(),
    async set(origin, session) {
      const before = await store.get(origin)
      await store.set(origin, session)
      await told(origin, before, session)
    },
    async delete(origin) {
      const before = await store.get(origin)
      await store.delete(origin)
      if (before !== undefined) await told(origin, before, undefined)
    },
  }
}
