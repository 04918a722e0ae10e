import bundled from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import { phishingListSource } from './phishingListSource.ts'
import {
  parsePhishingList,
  phishingListOf,
  phishingListRefreshMs,
  phishingListRetryMs,
  type StoredPhishingList,
  updatePhishingList,
} from './updatePhishingList.ts'

const now = 1_800_000_000_000
const update = { ...bundled, blacklist: [...bundled.blacklist, 'drainer-claim.example'] }

/** The worker's ports, with the fetches it made recorded and `answer` as the source's answer. */
function ports(enabled: boolean, answer: () => Promise<string>, stored?: StoredPhishingList) {
  const fetched: string[] = []
  const kept: { list: StoredPhishingList | undefined } = { list: stored }
  return {
    fetched,
    kept,
    ports: {
      enabled: async () => enabled,
      fetchText: async (url: string) => {
        fetched.push(url)
        return answer()
      },
      read: async () => kept.list,
      write: async (list: StoredPhishingList) => {
        kept.list = list
      },
      now: () => now,
    },
  }
}

describe('updatePhishingList', () => {
  it('contacts nobody while the setting is off, and schedules nothing', async () => {
    const off = ports(false, async () => JSON.stringify(update))
    expect(await updatePhishingList(off.ports)).toEqual({ outcome: 'off', nextAt: undefined })
    expect(off.fetched).toEqual([])
    expect(off.kept.list).toBeUndefined()
  })

  it("fetches eth-phishing-detect's config from its source when on, keeps it, and comes back in a day", async () => {
    const on = ports(true, async () => JSON.stringify(update))
    expect(await updatePhishingList(on.ports)).toEqual({
      outcome: 'updated',
      nextAt: now + phishingListRefreshMs,
    })
    expect(on.fetched).toEqual([phishingListSource])
    expect(on.kept.list).toEqual({ fetchedAt: now, config: update })
  })

  it('does not fetch again while the stored list is fresh', async () => {
    const fresh = { fetchedAt: now - 1_000, config: update }
    const on = ports(true, async () => JSON.stringify(update), fresh)
    expect(await updatePhishingList(on.ports)).toEqual({
      outcome: 'fresh',
      nextAt: fresh.fetchedAt + phishingListRefreshMs,
    })
    expect(on.fetched).toEqual([])
  })

  it('keeps the stored list and tries again in an hour when the fetch fails or the answer is refused', async () => {
    const stored = { fetchedAt: now - phishingListRefreshMs, config: update }
    const offline = ports(true, () => Promise.reject(new TypeError('Failed to fetch')), stored)
    expect(await updatePhishingList(offline.ports)).toMatchObject({
      outcome: 'failed',
      nextAt: now + phishingListRetryMs,
    })
    const emptied = ports(true, async () => JSON.stringify({ ...bundled, blacklist: [] }), stored)
    expect(await updatePhishingList(emptied.ports)).toMatchObject({
      outcome: 'failed',
      problem: 'a blacklist of 0 hosts',
    })
    expect([offline.kept.list, emptied.kept.list]).toEqual([stored, stored])
  })
})

describe('parsePhishingList', () => {
  it("takes a list in the snapshot's format", () => {
    expect(parsePhishingList(JSON.stringify(update))).toEqual(update)
  })

  it('refuses what is not that format', () => {
    expect(parsePhishingList('<html>')).toMatchObject({ problem: expect.stringContaining('JSON') })
    expect(parsePhishingList(JSON.stringify({ ...bundled, version: 3 }))).toEqual({
      problem: 'version 3',
    })
    expect(parsePhishingList(JSON.stringify({ ...bundled, tolerance: 40 }))).toEqual({
      problem: 'tolerance',
    })
    expect(parsePhishingList(JSON.stringify({ ...bundled, whitelist: [1] }))).toEqual({
      problem: 'host lists',
    })
  })
})

describe('phishingListOf', () => {
  it('is the stored list only while updates are on, else the bundled snapshot', () => {
    const stored = { fetchedAt: now, config: update }
    expect(phishingListOf(true, stored)).toBe(update)
    expect(phishingListOf(false, stored)).toBe(bundled)
    expect(phishingListOf(true, undefined)).toBe(bundled)
  })
})
