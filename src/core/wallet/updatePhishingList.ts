import { isObject } from '@metamask/utils'
import bundled from 'eth-phishing-detect/src/config.json'
import type { PhishingListConfig } from 'eth-phishing-detect/src/detector.js'
import { phishingListSource } from './phishingListSource.ts'

/** How often the list is fetched again while updates are on. */
export const phishingListRefreshMs = 24 * 60 * 60_000

/** After a failed fetch (offline, refused, malformed), the next try comes this much later. */
export const phishingListRetryMs = 60 * 60_000

/** The largest answer read: 20 times the snapshot's size. */
export const maxPhishingListBytes = 6 * 1024 * 1024

/** A fetched list, as `storage.local` keeps it. */
export type StoredPhishingList = { fetchedAt: number; config: PhishingListConfig }

export type PhishingListPorts = {
  /** The user's setting (`phishingListUpdates`, off by default). */
  enabled(): Promise<boolean>
  /** The body of a GET of `url`; throws when it cannot be had (offline, not 2xx). */
  fetchText(url: string): Promise<string>
  read(): Promise<StoredPhishingList | undefined>
  write(list: StoredPhishingList): Promise<void>
  now(): number
}

/** What one run did, and when the next is due (`undefined`: never, updates are off). */
export type PhishingListUpdate = {
  outcome: 'off' | 'fresh' | 'updated' | 'failed'
  nextAt: number | undefined
  /** Why a fetched list was not taken. */
  problem?: string
}

const isHostList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((host) => typeof host === 'string' && host.length <= 253)

/**
 * A fetched `config.json` as the detector's configuration, or the reason it is refused: it must
 * have the bundled snapshot's format (`version`, `tolerance` 0–5, the three host lists) and a
 * blacklist at least half the snapshot's — a truncated or emptied answer never replaces the list.
 */
export function parsePhishingList(text: string): PhishingListConfig | { problem: string } {
  if (text.length > maxPhishingListBytes) return { problem: 'the answer is too large' }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { problem: `the answer is not JSON (${String(error).slice(0, 80)})` }
  }
  if (!isObject(parsed)) return { problem: 'the answer is not a list configuration' }
  const { version, tolerance, fuzzylist, whitelist, blacklist } = parsed
  if (version !== bundled.version) return { problem: `version ${String(version).slice(0, 20)}` }
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
  if (blacklist.length < bundled.blacklist.length / 2) {
    return { problem: `a blacklist of ${blacklist.length} hosts` }
  }
  return { version, tolerance, fuzzylist, whitelist, blacklist }
}

/**
 * One run of the phishing list's updates (DESIGN §11, issue 35: a setting, off by default): off,
 * it contacts nobody; on, it fetches `phishingListSource` when the stored copy is older than
 * `phishingListRefreshMs`, and keeps the answer only if `parsePhishingList` takes it. The check
 * itself never fetches: it reads what this stored (`phishingListOf`).
 *
 * @example
 * await updatePhishingList(ports) // { outcome: 'updated', nextAt: 1_800_086_400_000 }
 */
export async function updatePhishingList(ports: PhishingListPorts): Promise<PhishingListUpdate> {
  if (!(await ports.enabled())) return { outcome: 'off', nextAt: undefined }
  const stored = await ports.read()
  const now = ports.now()
  if (stored && now - stored.fetchedAt < phishingListRefreshMs) {
    return { outcome: 'fresh', nextAt: stored.fetchedAt + phishingListRefreshMs }
  }
  let text: string
  try {
    text = await ports.fetchText(phishingListSource)
  } catch (error) {
    return { outcome: 'failed', nextAt: now + phishingListRetryMs, problem: String(error) }
  }
  const config = parsePhishingList(text)
  if ('problem' in config) {
    return { outcome: 'failed', nextAt: now + phishingListRetryMs, problem: config.problem }
  }
  await ports.write({ fetchedAt: now, config })
  return { outcome: 'updated', nextAt: now + phishingListRefreshMs }
}

/**
 * The list the check uses: the stored update while updates are on and one was taken, else the
 * snapshot bundled with the build.
 */
export const phishingListOf = (
  enabled: boolean,
  stored: StoredPhishingList | undefined,
): PhishingListConfig => (enabled && stored ? stored.config : bundled)
