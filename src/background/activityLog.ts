import type { MultichainEngine, SessionStore } from '../core/multichain/ports.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { type ActivityEntry, activityEntryOf, appendActivity } from '../core/wallet/activity.ts'
import type { Storage } from './storage.ts'

/**
 * Each connected origin's latest `wallet_invokeMethod` calls in `storage.local`
 * (`activity:<origin>`). Kept in memory once read; writes are coalesced per origin (at most one in
 * flight, the newest log written after it), so a burst of calls costs a few writes, none is lost
 * to a race, and the log on disk trails memory by one write at most.
 */
export function createActivityLog(storage: Storage) {
  const logs = new Map<string, Promise<ActivityEntry[]>>()
  const writing = new Map<string, Promise<void>>()
  const dirty = new Set<string>()
  const key = (origin: string): string => `${localKeys.activityPrefix}${origin}`

  const read = (origin: string): Promise<ActivityEntry[]> => {
    let log = logs.get(origin)
    if (!log) {
      log = storage.read<ActivityEntry[]>(key(origin)).then((stored) => stored ?? [])
      logs.set(origin, log)
    }
    return log
  }

  const flush = (origin: string): Promise<void> => {
    dirty.add(origin)
    const inFlight = writing.get(origin)
    if (inFlight) return inFlight
    const write = (async () => {
      while (dirty.delete(origin)) {
        const log = logs.get(origin)
        if (log) await storage.write(key(origin), await log)
        else await storage.remove(key(origin))
      }
    })().finally(() => writing.delete(origin))
    writing.set(origin, write)
    return write
  }

  return {
    /** Appends one entry to the origin's log. */
    async record(origin: string, entry: ActivityEntry): Promise<void> {
      // Chained synchronously on the current log, so concurrent calls append in call order.
      const next = read(origin).then((log) => appendActivity(log, entry))
      logs.set(origin, next)
      await next
      await flush(origin)
    },
    read,
    /** Forgets the origin's log (its session ended). */
    async forget(origin: string): Promise<void> {
      logs.delete(origin)
      await flush(origin)
    },
  }
}

export type ActivityLog = ReturnType<typeof createActivityLog>

/**
 * The engine, with every `wallet_invokeMethod` call of an origin that has a session recorded in its
 * activity log. Recording never changes the answer and never delays it: it runs once the answer is
 * sent (`afterAnswer`, so that its storage calls do not queue beside the answer's one write between
 * an approve click and the page), or at once for a caller that gives no `afterAnswer`.
 */
export function withActivityLog(
  engine: MultichainEngine,
  deps: { activity: ActivityLog; sessions: SessionStore; now(): number },
): MultichainEngine {
  return {
    ...engine,
    async handleRequest(origin, connection, request, options) {
      const response = await engine.handleRequest(origin, connection, request, options)
      const entry = activityEntryOf(request, response, deps.now())
      if (entry) {
        const record = (): void => {
          deps.sessions
            .get(origin)
            .then((session) => (session ? deps.activity.record(origin, entry) : undefined))
            .catch((error: unknown) => console.error('Aperture: recording activity', error))
        }
        if (options?.afterAnswer) options.afterAnswer(record)
        else record()
      }
      return response
    },
  }
}

/** A session store that also forgets an origin's activity when its session ends. */
export function withActivityCleanup(sessions: SessionStore, activity: ActivityLog): SessionStore {
  return {
    ...sessions,
    async delete(origin) {
      await sessions.delete(origin)
      await activity.forget(origin)
    },
  }
}
