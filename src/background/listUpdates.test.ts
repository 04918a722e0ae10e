import { describe, expect, it } from 'vitest'
import { localKeys } from '../core/protocol/storageKeys.ts'
import bundled from '../core/wallet/warnings/knownBadAddresses.json'
import { knownBadListFeed } from '../core/wallet/warnings/knownBadListFeed.ts'
import { createListUpdates } from './listUpdates.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'
import { alarmNames } from './timers.ts'

const now = 1_800_000_000_000
const newcomer = {
  address: '0x1111111111111111111111111111111111111111',
  comment: 'Drainer',
  date: '2026-11-01',
}

/** The worker's known-bad list over memory storage; the source answers the bundled slice and one more. */
function knownBadListWith(updatesOn: boolean) {
  const local = createMemoryStorage()
  const fetched: string[] = []
  const list = createListUpdates(knownBadListFeed, {
    local,
    storageKey: localKeys.knownBadList,
    alarm: alarmNames.knownBadList,
    updatesOn: async () => updatesOn,
    fetchText: async (url) => {
      fetched.push(url)
      return JSON.stringify([...bundled, newcomer])
    },
    scheduler: { schedule: async () => {} },
    now: () => now,
  })
  return { list, local, fetched }
}

describe('an updatable list in the worker (the known-bad addresses)', () => {
  it('is the fetched list once updated while on, and reading it fetches nothing', async () => {
    const { list, local, fetched } = knownBadListWith(true)
    expect(await list.inForce()).toEqual({ list: bundled, fetchedAt: undefined })
    await list.update()
    expect(await list.inForce()).toEqual({ list: [...bundled, newcomer], fetchedAt: now })
    expect(await local.read(localKeys.knownBadList)).toEqual({
      fetchedAt: now,
      list: [...bundled, newcomer],
    })
    expect(fetched).toHaveLength(1)
  })

  it('is the bundled list while off, whatever was stored before, and fetches nothing', async () => {
    const { list, local, fetched } = knownBadListWith(false)
    await local.write(localKeys.knownBadList, { fetchedAt: now, list: [...bundled, newcomer] })
    await list.update()
    expect(fetched).toEqual([])
    expect((await list.inForce()).list).toBe(bundled)
  })

  it('ignores a stored list the feed would not take', async () => {
    const { list, local } = knownBadListWith(true)
    await local.write(localKeys.knownBadList, { fetchedAt: now, list: [newcomer] })
    expect((await list.inForce()).list).toBe(bundled)
  })
})
