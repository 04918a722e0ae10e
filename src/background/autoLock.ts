import type { SettingsView } from '../core/protocol/popupMessages.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import type { Storage } from './storage.ts'
import { alarmNames, type Scheduler } from './timers.ts'
import type { Wallet } from './wallet.ts'

/** User activity is recorded at most this often (each record is a storage write). */
const defaultThrottleMs = 10_000

export type AutoLockDependencies = {
  wallet: Pick<Wallet, 'holdsKey' | 'lock'>
  settings(): Promise<Pick<SettingsView, 'autoLockMinutes'>>
  /** `storage.session`: the last activity outlives a worker restart, never the browser. */
  session: Storage
  scheduler: Pick<Scheduler, 'schedule'>
  now(): number
  /** Overrides how often activity is recorded (tests). */
  throttleMs?: number
}

/**
 * The auto-lock rule: the wallet locks once it has been unlocked for `autoLockMinutes` without user
 * activity in its UI. The last activity is kept in `storage.session` and the lock is an alarm, so a
 * stopped worker neither forgets nor misses it.
 */
export function createAutoLock(deps: AutoLockDependencies) {
  const { wallet, session, scheduler, now } = deps
  const throttleMs = deps.throttleMs ?? defaultThrottleMs
  let lastTouch = 0

  /** Counts from `at`: the last activity is `at` and the alarm is `autoLockMinutes` after it. */
  const restartAt = async (at: number): Promise<void> => {
    const [{ autoLockMinutes }] = await Promise.all([
      deps.settings(),
      session.write(sessionKeys.lastActivity, at),
    ])
    await scheduler.schedule(alarmNames.autoLock, at + autoLockMinutes * 60_000)
  }

  return {
    /** The alarm's task, also run on wake: locks when the time is up, else sets the alarm for then. */
    async check(): Promise<void> {
      if (!(await wallet.holdsKey())) return
      const { autoLockMinutes } = await deps.settings()
      const lockAt =
        ((await session.read<number>(sessionKeys.lastActivity)) ?? 0) + autoLockMinutes * 60_000
      if (now() >= lockAt) await wallet.lock()
      else await scheduler.schedule(alarmNames.autoLock, lockAt)
    },

    /**
     * Records user activity (a popup request): the lock moves to `autoLockMinutes` from now. Its
     * storage calls start a task later, once the request that is the activity has started its own:
     * an Approve click's one write before the page's answer does not queue behind them (issue 36).
     */
    touch(): void {
      const at = now()
      if (at - lastTouch < throttleMs) return
      lastTouch = at
      setTimeout(() => {
        restartAt(at).catch((error: unknown) =>
          console.error('Aperture: recording activity', error),
        )
      }, 0)
    },

    /**
     * The auto-lock time changed: the countdown starts again from now with the new time, even when
     * activity was recorded moments ago (the throttle of `touch` would keep the old alarm).
     */
    async restart(): Promise<void> {
      lastTouch = now()
      await restartAt(lastTouch)
    },
  }
}

export type AutoLock = ReturnType<typeof createAutoLock>
