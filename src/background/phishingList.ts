import type { SiteReputation } from '../core/protocol/popupMessages.ts'
import { localKeys } from '../core/protocol/storageKeys.ts'
import { createSiteReputation } from '../core/wallet/siteReputation.ts'
import {
  phishingListOf,
  type StoredPhishingList,
  updatePhishingList,
} from '../core/wallet/updatePhishingList.ts'
import type { Storage } from './storage.ts'
import { alarmNames, type Scheduler } from './timers.ts'

export type PhishingListDependencies = {
  /** `storage.local`: the fetched list outlives the worker. */
  local: Storage
  /** Whether the user turned updates on (`phishingListUpdates`). */
  updatesOn(): Promise<boolean>
  /** A GET of a URL's body (the worker's `fetch`); throws unless it answered 2xx. */
  fetchText(url: string): Promise<string>
  scheduler: Pick<Scheduler, 'schedule'>
  now(): number
}

/**
 * The phishing lists in the worker (DESIGN §11): the check (`reputation`) is always local, over the
 * snapshot bundled with the build or, while the user's setting is on, the copy `update` fetched
 * from the list's source and stored; `update` runs on its alarm, on a settings change and at wake.
 */
export function createPhishingList(deps: PhishingListDependencies) {
  const { local, scheduler } = deps
  // One detector per list: building one splits 15,000 hosts, so it is kept until the list changes.
  let checker: { fetchedAt: number | undefined; check(origin: string): SiteReputation } | undefined

  return {
    async reputation(origin: string): Promise<SiteReputation> {
      const on = await deps.updatesOn()
      const stored = on ? await local.read<StoredPhishingList>(localKeys.phishingList) : undefined
      const fetchedAt = on ? stored?.fetchedAt : undefined
      if (!checker || checker.fetchedAt !== fetchedAt) {
        checker = { fetchedAt, check: createSiteReputation(phishingListOf(on, stored)) }
      }
      return checker.check(origin)
    },

    /** Fetches the list when on and due, then sets (or, when off, clears) the next run's alarm. */
    async update(): Promise<void> {
      const result = await updatePhishingList({
        enabled: deps.updatesOn,
        fetchText: deps.fetchText,
        read: () => local.read<StoredPhishingList>(localKeys.phishingList),
        write: (list) => local.write(localKeys.phishingList, list),
        now: deps.now,
      })
      if (result.outcome === 'failed') {
        console.warn('Aperture: the phishing list was not updated', result.problem)
      }
      await scheduler.schedule(alarmNames.phishingList, result.nextAt)
    },
  }
}

export type PhishingList = ReturnType<typeof createPhishingList>
