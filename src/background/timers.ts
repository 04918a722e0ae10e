import { expiryTime } from '../core/multichain/parseSessionProperties.ts'
import type { SessionStore } from '../core/multichain/ports.ts'

export const alarmNames = {
  sessionExpiry: 'session-expiry',
  autoLock: 'auto-lock',
  phishingList: 'phishing-list',
  knownBadList: 'known-bad-list',
  secretClipboard: 'secret-clipboard',
} as const

/** Alarms may be delayed by the browser; while the worker lives a timer ends sessions on time. */
const precisionWindowMs = 5 * 60_000

/** What the scheduler needs of `chrome.alarms`. */
export type AlarmsApi = {
  create(name: string, info: { when: number }): Promise<void>
  clear(name: string): Promise<unknown>
}

/**
 * Runs `task` at `when`: a `chrome.alarms` alarm (it wakes a stopped worker) plus, when `when` is
 * near, an in-memory timer for precision. Replaces the previous schedule of the same name.
 */
export function createScheduler(
  task: Record<string, () => Promise<void>>,
  alarms: AlarmsApi,
  now: () => number = Date.now,
) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>()

  const run = (name: string): void => {
    task[name]?.().catch((error: unknown) => console.error(`Aperture: ${name} failed`, error))
  }

  return {
    async schedule(name: string, when: number | undefined): Promise<void> {
      clearTimeout(timers.get(name))
      timers.delete(name)
      if (when === undefined) {
        await alarms.clear(name)
        return
      }
      await alarms.create(name, { when: Math.max(when, now() + 1000) })
      const delay = when - now()
      if (delay < precisionWindowMs) {
        timers.set(
          name,
          setTimeout(() => run(name), Math.max(delay, 0)),
        )
      }
    },
    /** The alarm listener's half: runs the task of a fired alarm. */
    fired(alarm: { name: string }): void {
      run(alarm.name)
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>

/** The earliest `expiry` among the stored sessions, in milliseconds since the epoch. */
export async function nextExpiry(sessions: SessionStore): Promise<number | undefined> {
  let earliest: number | undefined
  for (const { session } of await sessions.list()) {
    const time = expiryTime(session.sessionProperties)
    if (time !== undefined && (earliest === undefined || time < earliest)) earliest = time
  }
  return earliest
}
