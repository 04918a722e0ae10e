import { isObject } from '@metamask/utils'
import type { ListFeed } from '../listUpdates.ts'
import bundled from './knownBadAddresses.json'
import { knownBadListSource } from './knownBadListSource.ts'

/** One listed address and why (the format of ethereum-lists' `addresses-darklist.json`). */
export type KnownBadAddress = { address: string; comment: string; date: string }

/** An EVM address in any letter case: the darklist's only kind of entry. */
const evmAddress = /^0x[0-9a-fA-F]{40}$/

/** The longest reason kept of an entry (the rule shows 120 characters of it). */
const maxCommentLength = 200

/**
 * ethereum-lists' `addresses-darklist.json` as an updatable list (`listUpdates.ts`): an array of
 * `{ address, comment, date }`. An entry whose address is not an EVM address, or whose fields are
 * not strings, is left out (the rest of the list still counts); the list is taken only with at
 * least as many entries as the bundled slice, so an emptied answer never disarms the rule. At most
 * 2 MB (the source is about 100 kB).
 */
export const knownBadListFeed: ListFeed<KnownBadAddress[]> = {
  source: knownBadListSource,
  maxBytes: 2 * 1024 * 1024,
  bundled: async () => bundled,
  check(value) {
    if (!Array.isArray(value)) return { problem: 'the answer is not a list of addresses' }
    const list = value.flatMap((entry: unknown): KnownBadAddress[] =>
      isObject(entry) &&
      typeof entry.address === 'string' &&
      evmAddress.test(entry.address) &&
      typeof entry.comment === 'string' &&
      typeof entry.date === 'string'
        ? [
            {
              address: entry.address,
              comment: entry.comment.slice(0, maxCommentLength),
              date: entry.date.slice(0, 10),
            },
          ]
        : [],
    )
    if (list.length < bundled.length) return { problem: `a list of ${list.length} addresses` }
    return { list }
  },
}
