import { describe, expect, it } from 'vitest'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import { createAutoLock } from './autoLock.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'
import { alarmNames } from './timers.ts'

const minute = 60_000

function createHarness(unlocked = true) {
  const session = createMemoryStorage()
  const scheduled: Array<{ name: string; when: number | undefined }> = []
  const wallet = { locked: !unlocked }
  let now = 1_700_000_000_000
  const settings = { autoLockMinutes: 15 }
  const autoLock = createAutoLock({
    wallet: {
      holdsKey: async () => !wallet.locked,
      lock: async () => {
        wallet.locked = true
        return { status: 'locked', accounts: [] }
      },
    },
    settings: async () => settings,
    session,
    scheduler: {
      schedule: async (name, when) => {
        scheduled.push({ name, when })
      },
    },
    now: () => now,
  })
  return {
    autoLock,
    session,
    scheduled,
    wallet,
    settings,
    advance: (ms: number) => {
      now += ms
    },
    now: () => now,
  }
}

describe('createAutoLock', () => {
  it('locks a wallet idle for autoLockMinutes, and re-arms the alarm for one that is not yet', async () => {
    const harness = createHarness()
    const start = harness.now()
    await harness.session.write(sessionKeys.lastActivity, start)
    harness.advance(10 * minute)
    await harness.autoLock.check()
    expect(harness.wallet.locked).toBe(false)
    expect(harness.scheduled).toEqual([{ name: alarmNames.autoLock, when: start + 15 * minute }])
    harness.advance(5 * minute)
    await harness.autoLock.check()
    expect(harness.wallet.locked).toBe(true)
  })

  it('leaves a locked wallet alone', async () => {
    const harness = createHarness(false)
    await harness.autoLock.check()
    expect(harness.scheduled).toEqual([])
  })

  it('activity in the UI moves the lock to autoLockMinutes from now, recorded at most every 10 s', async () => {
    const harness = createHarness()
    harness.autoLock.touch()
    harness.advance(1_000)
    harness.autoLock.touch()
    await expect.poll(() => harness.scheduled).toHaveLength(1)
    const touchedAt = harness.now() - 1_000
    expect(harness.session.items.get(sessionKeys.lastActivity)).toBe(touchedAt)
    expect(harness.scheduled).toEqual([
      { name: alarmNames.autoLock, when: touchedAt + 15 * minute },
    ])
  })

  it('starts no storage call of the activity record before the request that is the activity has made its own (a task later)', async () => {
    const harness = createHarness()
    harness.autoLock.touch()
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve()
    expect(harness.session.items.has(sessionKeys.lastActivity)).toBe(false)
    expect(harness.scheduled).toEqual([])
    await expect.poll(() => harness.scheduled).toHaveLength(1)
    expect(harness.session.items.get(sessionKeys.lastActivity)).toBe(harness.now())
  })

  it('a new auto-lock time counts from the change, even right after recorded activity', async () => {
    const harness = createHarness()
    harness.autoLock.touch()
    await expect.poll(() => harness.scheduled).toHaveLength(1)
    harness.advance(2_000)
    harness.settings.autoLockMinutes = 1
    await harness.autoLock.restart()
    expect(harness.session.items.get(sessionKeys.lastActivity)).toBe(harness.now())
    expect(harness.scheduled.at(-1)).toEqual({
      name: alarmNames.autoLock,
      when: harness.now() + minute,
    })
    harness.advance(minute)
    await harness.autoLock.check()
    expect(harness.wallet.locked).toBe(true)
  })
})
