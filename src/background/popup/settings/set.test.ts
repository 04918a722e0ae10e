import config from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import { localKeys } from '../../../core/protocol/storageKeys.ts'
import { phishingListSource } from '../../../core/wallet/phishingListSource.ts'
import { knownBadListFeed } from '../../../core/wallet/warnings/knownBadListFeed.ts'
import { knownBadListSource } from '../../../core/wallet/warnings/knownBadListSource.ts'
import { createListUpdates } from '../../listUpdates.ts'
import { createNetworkRegistry } from '../../networks.ts'
import { createPhishingList } from '../../phishingList.ts'
import { createMemoryStorage } from '../../testing/memoryStorage.ts'
import { alarmNames } from '../../timers.ts'
import { settingsSet } from './set.ts'

/**
 * `settings:set` over the worker's real settings and updatable lists in memory; counts auto-lock
 * restarts, records the fetches (the sources answer nothing usable) and the lists' alarms.
 */
function createHandler() {
  let restarts = 0
  const fetched: string[] = []
  const alarms: Record<string, number | undefined> = {}
  const local = createMemoryStorage()
  const networks = createNetworkRegistry(local)
  const listPorts = {
    local,
    fetchText: async (url: string) => {
      fetched.push(url)
      throw new Error('offline')
    },
    scheduler: {
      schedule: async (name: string, when: number | undefined) => {
        alarms[name] = when
      },
    },
    now: () => 1_800_000_000_000,
  }
  const set = settingsSet({
    networks,
    autoLock: {
      restart: async () => {
        restarts += 1
      },
    },
    phishingList: createPhishingList({
      ...listPorts,
      bundled: async () => config,
      updatesOn: async () => (await networks.settings()).phishingListUpdates,
    }),
    knownBadList: createListUpdates(knownBadListFeed, {
      ...listPorts,
      storageKey: localKeys.knownBadList,
      alarm: alarmNames.knownBadList,
      updatesOn: async () => (await networks.settings()).knownBadListUpdates,
    }),
  })
  return { set, restarts: () => restarts, fetched, alarms }
}

describe('settings:set', () => {
  it('restarts the auto-lock countdown when the auto-lock time changes, and only then', async () => {
    const { set, restarts } = createHandler()
    await set({ infuraApiKey: 'abc123' })
    expect(restarts()).toBe(0)
    const settings = await set({ autoLockMinutes: 1 })
    expect(settings.autoLockMinutes).toBe(1)
    expect(restarts()).toBe(1)
  })

  it("leaves the phishing list's updates off by default: no setting change fetches it", async () => {
    const { set, fetched, alarms } = createHandler()
    const settings = await set({ infuraApiKey: 'abc123', autoLockMinutes: 5 })
    expect(settings.phishingListUpdates).toBe(false)
    expect(settings.knownBadListUpdates).toBe(false)
    expect(fetched).toEqual([])
    expect(alarms).toEqual({})
  })

  it('fetches the phishing list from its source when turned on, and clears its alarm when off', async () => {
    const { set, fetched, alarms } = createHandler()
    expect((await set({ phishingListUpdates: true })).phishingListUpdates).toBe(true)
    expect(fetched).toEqual([phishingListSource])
    expect(alarms[alarmNames.phishingList]).toBeGreaterThan(1_800_000_000_000)
    await set({ phishingListUpdates: false })
    expect(fetched).toHaveLength(1)
    expect(alarms[alarmNames.phishingList]).toBeUndefined()
  })

  it('fetches the known-bad list from its source when turned on, and clears its alarm when off', async () => {
    const { set, fetched, alarms } = createHandler()
    expect((await set({ knownBadListUpdates: true })).knownBadListUpdates).toBe(true)
    expect(fetched).toEqual([knownBadListSource])
    expect(alarms[alarmNames.knownBadList]).toBeGreaterThan(1_800_000_000_000)
    expect(alarms[alarmNames.phishingList]).toBeUndefined()
    await set({ knownBadListUpdates: false })
    expect(fetched).toHaveLength(1)
    expect(alarms[alarmNames.knownBadList]).toBeUndefined()
  })

  it('restarts nothing when the change is refused', async () => {
    const { set, restarts } = createHandler()
    await expect(set({ autoLockMinutes: -5 })).rejects.toMatchObject({ code: 'invalid_fields' })
    expect(restarts()).toBe(0)
  })
})
