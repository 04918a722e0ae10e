import { isObject } from '@metamask/utils'

/** How often a list is fetched again while its updates are on. */
export const listRefreshMs = 24 * 60 * 60_000

/** After a failed fetch (offline, refused, malformed), the next try comes this much later. */
export const listRetryMs = 60 * 60_000

/**
 * A list the wallet bundles and, with the user's setting on, fetches again from its public source
 * (DESIGN §11: the phishing lists, the known-bad addresses). `check` is the only door a list goes
 * through, fetched or read back from storage: a list in the bundled one's format, of a plausible
 * size, or the reason it is refused.
 */
export type ListFeed<List> = {
  /** Where the list is published: the one host contacted for it, only with its setting on. */
  source: string
  /** The largest answer read. */
  maxBytes: number
  /**
   * The list shipped with the build: in force while updates are off or nothing was taken. Read
   * when a check needs it (a large one is a file of the extension, not part of the worker's code).
   */
  bundled(): Promise<List>
  check(value: unknown): { list: List } | { problem: string }
}

/** A fetched list, as `storage.local` keeps it. */
export type StoredList<List> = { fetchedAt: number; list: List }

export type ListUpdatePorts<List> = {
  /** The user's setting for this list (off by default). */
  enabled(): Promise<boolean>
  /** The body of a GET of `url`; throws when it cannot be had (offline, not 2xx). */
  fetchText(url: string): Promise<string>
  /** What storage holds, unchecked (`storedListOf` checks it). */
  read(): Promise<unknown>
  write(list: StoredList<List>): Promise<void>
  now(): number
}

/** What one run did, and when the next is due (`undefined`: never, updates are off). */
export type ListUpdate = {
  outcome: 'off' | 'fresh' | 'updated' | 'failed'
  nextAt: number | undefined
  /** Why a fetched list was not taken. */
  problem?: string
}

/** A fetched answer as `feed`'s list, or why it is refused (too large, not JSON, `check`'s reason). */
export function parseList<List>(
  feed: ListFeed<List>,
  text: string,
): { list: List } | { problem: string } {
  if (text.length > feed.maxBytes) return { problem: 'the answer is too large' }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { problem: `the answer is not JSON (${String(error).slice(0, 80)})` }
  }
  return feed.check(parsed)
}

/**
 * What storage holds, if it is a list `feed` takes with the time it was fetched; anything else
 * (written by an older build, or by another hand) counts as nothing stored.
 */
export function storedListOf<List>(
  feed: ListFeed<List>,
  stored: unknown,
): StoredList<List> | undefined {
  if (!isObject(stored) || typeof stored.fetchedAt !== 'number') return undefined
  const checked = feed.check(stored.list)
  return 'list' in checked ? { fetchedAt: stored.fetchedAt, list: checked.list } : undefined
}

/**
 * One run of a list's updates (DESIGN §11, issue 35: a setting, off by default): off, it contacts
 * nobody; on, it fetches `feed.source` when the stored copy is older than `listRefreshMs`, and keeps
 * the answer only if `parseList` takes it. A check never fetches: it reads what this stored
 * (`listInForce`).
 *
 * @example
 * await updateList(knownBadFeed, ports) // { outcome: 'updated', nextAt: 1_800_086_400_000 }
 */
export async function updateList<List>(
  feed: ListFeed<List>,
  ports: ListUpdatePorts<List>,
): Promise<ListUpdate> {
  if (!(await ports.enabled())) return { outcome: 'off', nextAt: undefined }
  const stored = storedListOf(feed, await ports.read())
  const now = ports.now()
  if (stored && now - stored.fetchedAt < listRefreshMs) {
    return { outcome: 'fresh', nextAt: stored.fetchedAt + listRefreshMs }
  }
  let text: string
  try {
    text = await ports.fetchText(feed.source)
  } catch (error) {
    return { outcome: 'failed', nextAt: now + listRetryMs, problem: String(error) }
  }
  const parsed = parseList(feed, text)
  if ('problem' in parsed) {
    return { outcome: 'failed', nextAt: now + listRetryMs, problem: parsed.problem }
  }
  await ports.write({ fetchedAt: now, list: parsed.list })
  return { outcome: 'updated', nextAt: now + listRefreshMs }
}

/**
 * The list a check uses: the stored update while updates are on and one was taken, else the list
 * bundled with the build.
 */
export const listInForce = <List>(
  feed: ListFeed<List>,
  enabled: boolean,
  stored: StoredList<List> | undefined,
): Promise<List> => (enabled && stored ? Promise.resolve(stored.list) : feed.bundled())
