import type { PhishingListConfig } from 'eth-phishing-detect/src/detector.js'
import type { SiteReputation } from '../core/protocol/popupMessages.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { createPhishingListFeed } from '../core/wallet/phishingListFeed.ts'
import { createSiteReputation } from '../core/wallet/siteReputation.ts'
import { createListUpdates, type ListUpdatesDependencies } from './listUpdates.ts'
import { alarmNames } from './timers.ts'

export type PhishingListDependencies = Omit<ListUpdatesDependencies, 'storageKey' | 'alarm'> & {
  /** The snapshot bundled with the build, read at the first check that needs it. */
  bundled(): Promise<PhishingListConfig>
}

/**
 * The phishing lists in the worker (DESIGN §11): the check (`reputation`) is always local, over the
 * snapshot bundled with the build or, while the user's setting (`phishingListUpdates`) is on, the
 * copy `update` fetched from the list's source and stored (`listUpdates.ts`).
 */
export function createPhishingList(deps: PhishingListDependencies) {
  const updates = createListUpdates(createPhishingListFeed(deps.bundled), {
    ...deps,
    storageKey: localKeys.phishingList,
    alarm: alarmNames.phishingList,
  })
  // One detector per list: building one splits 15,000 hosts, so it is kept until the list changes.
  let checker: { fetchedAt: number | undefined; check(origin: string): SiteReputation } | undefined

  return {
    async reputation(origin: string): Promise<SiteReputation> {
      const { list, fetchedAt } = await updates.inForce()
      if (!checker || checker.fetchedAt !== fetchedAt) {
        checker = { fetchedAt, check: createSiteReputation(list) }
      }
      return checker.check(origin)
    },
    update: updates.update,
  }
}

export type PhishingList = ReturnType<typeof createPhishingList>
