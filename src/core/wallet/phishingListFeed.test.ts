import bundled from 'eth-phishing-detect/src/config.json'
import { describe, expect, it } from 'vitest'
import { bundledListShape, createPhishingListFeed } from './phishingListFeed.ts'

const phishingListFeed = createPhishingListFeed(async () => bundled)

const update = { ...bundled, blacklist: [...bundled.blacklist, 'drainer-claim.example'] }

describe('phishingListFeed', () => {
  it("measures a list against the bundled snapshot's version and blacklist size", () => {
    expect(bundledListShape).toEqual({
      version: bundled.version,
      blacklistLength: bundled.blacklist.length,
    })
  })

  it("takes a list in the snapshot's format", () => {
    expect(phishingListFeed.check(update)).toEqual({ list: update })
  })

  it('refuses what is not that format, or a blacklist under half the snapshot', () => {
    expect(phishingListFeed.check([])).toEqual({
      problem: 'the answer is not a list configuration',
    })
    expect(phishingListFeed.check({ ...bundled, version: 3 })).toEqual({ problem: 'version 3' })
    expect(phishingListFeed.check({ ...bundled, tolerance: 40 })).toEqual({ problem: 'tolerance' })
    expect(phishingListFeed.check({ ...bundled, whitelist: [1] })).toEqual({
      problem: 'host lists',
    })
    const halved = bundled.blacklist.slice(0, Math.floor(bundled.blacklist.length / 2) - 1)
    expect(phishingListFeed.check({ ...bundled, blacklist: halved })).toEqual({
      problem: `a blacklist of ${halved.length} hosts`,
    })
  })
})
