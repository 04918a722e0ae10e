import {
  type ListFeed,
  listInForce,
  type StoredList,
  storedListOf,
  updateList,
} from '../core/wallet/listUpdates.ts'
import type { Storage } from './storage.ts'
import type { Scheduler } from './timers.ts'

export type ListUpdatesDependencies = {
  /** `storage.local`: the fetched list outlives the worker. */
  local: Storage
  /** Where in `storage.local` the fetched list is kept (`localKeys`). */
  storageKey: string
  /** The alarm of the next run (`alarmNames`). */
  alarm: string
  /** Whether the user turned this list's updates on (a setting, off by default). */
  updatesOn(): Promise<boolean>
  /** A GET of a URL's body (the worker's `fetch`); throws unless it answered 2xx. */
  fetchText(url: string): Promise<string>
  scheduler: Pick<Scheduler, 'schedule'>
  now(): number
}

/**
 * One of the worker's updatable lists (DESIGN §11: the phishing lists, the known-bad addresses):
 * `inForce` is what a check reads, always local — the list bundled with the build or, while the
 * user's setting is on, the copy `update` fetched from the list's source and stored; `update` runs
 * on its alarm, on a settings change and at wake.
 */
export function createListUpdates<List>(feed: ListFeed<List>, deps: ListUpdatesDependencies) {
  const { local, scheduler } = deps
  return {
    /** The list in force, with when it was fetched (`undefined`: the bundled one). */
    async inForce(): Promise<{ list: List; fetchedAt: number | undefined }> {
      const on = await deps.updatesOn()
      const stored = on ? storedListOf(feed, await local.read(deps.storageKey)) : undefined
      return { list: await listInForce(feed, on, stored), fetchedAt: stored?.fetchedAt }
    },

    /** Fetches the list when on and due, then sets (or, when off, clears) the next run's alarm. */
    async update(): Promise<void> {
      const result = await updateList(feed, {
        enabled: deps.updatesOn,
        fetchText: deps.fetchText,
        read: () => local.read(deps.storageKey),
        write: (list: StoredList<List>) => local.write(deps.storageKey, list),
        now: deps.now,
      })
      if (result.outcome === 'failed') {
        console.warn(`Aperture: the list from ${feed.source} was not updated`, result.problem)
      }
      await scheduler.schedule(deps.alarm, result.nextAt)
    },
  }
}

export type ListUpdates<List> = ReturnType<typeof createListUpdates<List>>
