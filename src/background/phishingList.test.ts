import bundled from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { createPhishingList } from './phishingList.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const now = 1_800_000_000_000
const drainer = 'https://drainer-claim.example'

/** The worker's phishing list over memory storage; the source answers a list naming `drainer`. */
function phishingListWith(updatesOn: boolean) {
  const local = createMemoryStorage()
  const fetched: string[] = []
  const list = createPhishingList({
    bundled: async () => bundled,
    local,
    updatesOn: async () => updatesOn,
    fetchText: async (url) => {
      fetched.push(url)
      return JSON.stringify({
        ...bundled,
        blacklist: [...bundled.blacklist, 'drainer-claim.example'],
      })
    },
    scheduler: { schedule: async () => {} },
    now: () => now,
  })
  return { list, local, fetched }
}

describe('the phishing list in the worker', () => {
  it('checks against the fetched list while updates are on, with no fetch at check time', async () => {
    const { list, fetched } = phishingListWith(true)
    expect(await list.reputation(drainer)).toEqual({ kind: 'unknown' })
    await list.update()
    expect(fetched).toHaveLength(1)
    expect(await list.reputation(drainer)).toEqual({
      kind: 'phishing',
      host: 'drainer-claim.example',
    })
    expect(fetched).toHaveLength(1)
  })

  it('checks against the bundled snapshot while updates are off, whatever was stored before', async () => {
    const { list, local, fetched } = phishingListWith(false)
    await local.write(localKeys.phishingList, {
      fetchedAt: now,
      list: { ...bundled, blacklist: ['drainer-claim.example'] },
    })
    await list.update()
    expect(fetched).toEqual([])
    expect(await list.reputation(drainer)).toEqual({ kind: 'unknown' })
    expect(await list.reputation(`https://${bundled.blacklist[0]}`)).toMatchObject({
      kind: 'phishing',
    })
  })
})
