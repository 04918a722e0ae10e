import bundled from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import {
  listInForce,
  listRefreshMs,
  listRetryMs,
  parseList,
  type StoredList,
  storedListOf,
  updateList,
} from './listUpdates.ts'
import { createPhishingListFeed } from './phishingListFeed.ts'
import { phishingListSource } from './phishingListSource.ts'

const phishingListFeed = createPhishingListFeed(async () => bundled)

type PhishingList = typeof bundled

const now = 1_800_000_000_000
const update = { ...bundled, blacklist: [...bundled.blacklist, 'drainer-claim.example'] }

/** The worker's ports, with the fetches it made recorded and `answer` as the source's answer. */
function ports(enabled: boolean, answer: () => Promise<string>, stored?: unknown) {
  const fetched: string[] = []
  const kept: { list: unknown } = { list: stored }
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
      write: async (list: StoredList<PhishingList>) => {
        kept.list = list
      },
      now: () => now,
    },
  }
}

describe('updateList', () => {
  it('contacts nobody while the setting is off, and schedules nothing', async () => {
    const off = ports(false, async () => JSON.stringify(update))
    expect(await updateList(phishingListFeed, off.ports)).toEqual({
      outcome: 'off',
      nextAt: undefined,
    })
    expect(off.fetched).toEqual([])
    expect(off.kept.list).toBeUndefined()
  })

  it("fetches the list from its feed's source when on, keeps it, and comes back in a day", async () => {
    const on = ports(true, async () => JSON.stringify(update))
    expect(await updateList(phishingListFeed, on.ports)).toEqual({
      outcome: 'updated',
      nextAt: now + listRefreshMs,
    })
    expect(on.fetched).toEqual([phishingListSource])
    expect(on.kept.list).toEqual({ fetchedAt: now, list: update })
  })

  it('does not fetch again while the stored list is fresh', async () => {
    const fresh = { fetchedAt: now - 1_000, list: update }
    const on = ports(true, async () => JSON.stringify(update), fresh)
    expect(await updateList(phishingListFeed, on.ports)).toEqual({
      outcome: 'fresh',
      nextAt: fresh.fetchedAt + listRefreshMs,
    })
    expect(on.fetched).toEqual([])
  })

  it('fetches at once when what storage holds is not a list the feed takes', async () => {
    const olderShape = { fetchedAt: now - 1_000, config: update }
    const on = ports(true, async () => JSON.stringify(update), olderShape)
    expect((await updateList(phishingListFeed, on.ports)).outcome).toBe('updated')
    expect(on.fetched).toEqual([phishingListSource])
  })

  it('keeps the stored list and tries again in an hour when the fetch fails or the answer is refused', async () => {
    const stored = { fetchedAt: now - listRefreshMs, list: update }
    const offline = ports(true, () => Promise.reject(new TypeError('Failed to fetch')), stored)
    expect(await updateList(phishingListFeed, offline.ports)).toMatchObject({
      outcome: 'failed',
      nextAt: now + listRetryMs,
    })
    const emptied = ports(true, async () => JSON.stringify({ ...bundled, blacklist: [] }), stored)
    expect(await updateList(phishingListFeed, emptied.ports)).toMatchObject({
      outcome: 'failed',
      problem: 'a blacklist of 0 hosts',
    })
    expect([offline.kept.list, emptied.kept.list]).toEqual([stored, stored])
  })
})

describe('parseList', () => {
  it('refuses an answer that is not JSON or larger than the feed allows, before its check', () => {
    expect(parseList(phishingListFeed, '<html>')).toMatchObject({
      problem: expect.stringContaining('JSON'),
    })
    const small = { ...phishingListFeed, maxBytes: 10 }
    expect(parseList(small, JSON.stringify(update))).toEqual({
      problem: 'the answer is too large',
    })
  })
})

describe('storedListOf', () => {
  it('takes only what the feed takes, with the time it was fetched', () => {
    expect(storedListOf(phishingListFeed, { fetchedAt: now, list: update })).toEqual({
      fetchedAt: now,
      list: update,
    })
    expect(storedListOf(phishingListFeed, { fetchedAt: now, list: { blacklist: [] } })).toBe(
      undefined,
    )
    expect(storedListOf(phishingListFeed, { list: update })).toBeUndefined()
    expect(storedListOf(phishingListFeed, undefined)).toBeUndefined()
  })
})

describe('listInForce', () => {
  it('is the stored list only while updates are on, else the bundled one', async () => {
    const stored = { fetchedAt: now, list: update }
    expect(await listInForce(phishingListFeed, true, stored)).toBe(update)
    expect(await listInForce(phishingListFeed, false, stored)).toBe(bundled)
    expect(await listInForce(phishingListFeed, true, undefined)).toBe(bundled)
  })
})
