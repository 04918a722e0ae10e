import { isObject } from '@metamask/utils'
import type { PhishingListConfig } from 'eth-phishing-detect/src/detector.js'
import type { ListFeed } from './listUpdates.ts'
import { phishingListSource } from './phishingListSource.ts'

const isHostList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((host) => typeof host === 'string' && host.length <= 253)

/**
 * What a fetched list is measured against: the format version and the blacklist's size of the
 * snapshot bundled with the build (eth-phishing-detect 1.2.0's `config.json`; a test checks them).
 */
export const bundledListShape = { version: 2, blacklistLength: 13_752 } as const

/**
 * eth-phishing-detect's `config.json` as an updatable list (`listUpdates.ts`): a fetched or stored
 * copy is taken only in the bundled snapshot's format (`version`, `tolerance` 0–5, the three host
 * lists), at most 6 MB (20 times the snapshot), and with a blacklist at least half the snapshot's —
 * a truncated or emptied answer never replaces the list.
 */
export const createPhishingListFeed = (
  bundled: () => Promise<PhishingListConfig>,
): ListFeed<PhishingListConfig> => ({
  source: phishingListSource,
  maxBytes: 6 * 1024 * 1024,
  bundled,
  check(value) {
    if (!isObject(value)) return { problem: 'the answer is not a list configuration' }
    const { version, tolerance, fuzzylist, whitelist, blacklist } = value
    if (version !== bundledListShape.version)
      return { problem: `version ${String(version).slice(0, 20)}` }
    if (
      typeof tolerance !== 'number' ||
      !Number.isInteger(tolerance) ||
      tolerance < 0 ||
      tolerance > 5
    ) {
      return { problem: 'tolerance' }
    }
    if (!isHostList(fuzzylist) || !isHostList(whitelist) || !isHostList(blacklist)) {
      return { problem: 'host lists' }
    }
    if (blacklist.length < bundledListShape.blacklistLength / 2) {
      return { problem: `a blacklist of ${blacklist.length} hosts` }
    }
    return { list: { version, tolerance, fuzzylist, whitelist, blacklist } }
  },
})
