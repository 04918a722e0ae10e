import { describe, expect, it } from 'vitest'
import { updateList } from '../listUpdates.ts'
import bundled from './knownBadAddresses.json'
import { knownBadListFeed } from './knownBadListFeed.ts'
import { knownBadListSource } from './knownBadListSource.ts'

const newcomer = {
  address: '0x1111111111111111111111111111111111111111',
  comment: 'Drainer',
  date: '2026-11-01',
}

describe('knownBadListFeed', () => {
  it("is fetched from ethereum-lists' darklist, and takes a list in its format", async () => {
    const fetched: string[] = []
    const kept: unknown[] = []
    const outcome = await updateList(knownBadListFeed, {
      enabled: async () => true,
      fetchText: async (url) => {
        fetched.push(url)
        return JSON.stringify([...bundled, newcomer])
      },
      read: async () => undefined,
      write: async (list) => {
        kept.push(list)
      },
      now: () => 1_800_000_000_000,
    })
    expect(outcome.outcome).toBe('updated')
    expect(fetched).toEqual([
      'https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json',
    ])
    expect(fetched).toEqual([knownBadListSource])
    expect(kept).toEqual([{ fetchedAt: 1_800_000_000_000, list: [...bundled, newcomer] }])
  })

  it('leaves out entries that are not an EVM address with string fields, and cuts long reasons', () => {
    const checked = knownBadListFeed.check([
      ...bundled,
      { ...newcomer, comment: 'x'.repeat(500) },
      { ...newcomer, address: '0x1111' },
      { ...newcomer, address: ' 0x2222222222222222222222222222222222222222' },
      { ...newcomer, date: 20261101 },
      'not an entry',
    ])
    expect(checked).toEqual({
      list: [...bundled, { ...newcomer, comment: 'x'.repeat(200) }],
    })
  })

  it('refuses what is not a list, or fewer entries than the bundled slice', () => {
    expect(knownBadListFeed.check({ address: newcomer.address })).toEqual({
      problem: 'the answer is not a list of addresses',
    })
    expect(knownBadListFeed.check([])).toEqual({ problem: 'a list of 0 addresses' })
    expect(knownBadListFeed.check(bundled.slice(1))).toEqual({
      problem: `a list of ${bundled.length - 1} addresses`,
    })
  })
})
