import type { PhishingListConfig } from 'eth-phishing-detect/src/detector.js'
import PhishingDetector from 'eth-phishing-detect/src/detector.js'
import type { SiteReputation } from '../protocol/popupMessages.ts'

/**
 * What the wallet knows of a site's host from the bundled eth-phishing-detect 1.2.0 lists (DESIGN
 * §11, `phishing` and `site-known`), checked locally, never by asking anyone:
 * - `phishing`: the host (or a parent domain) is on the blacklist, or it is within the list's
 *   tolerance (Levenshtein distance 2) of a fuzzylist host without being whitelisted; `imitates`
 *   names that host;
 * - `known`: the host (or a parent domain) is on the whitelist;
 * - `unknown`: neither.
 */
export function createSiteReputation(
  lists: PhishingListConfig,
): (origin: string) => SiteReputation {
  let detector: PhishingDetector | undefined
  return (origin) => {
    // Built at the first check, not at every worker start: it splits 15,000 hosts into parts.
    detector ??= new PhishingDetector(lists)
    const host = hostOf(origin)
    if (host === undefined) return { kind: 'unknown' }
    const verdict = detector.check(host)
    if (verdict.type === 'fuzzy') return { kind: 'phishing', host, imitates: verdict.match }
    if (verdict.type === 'blacklist') return { kind: 'phishing', host }
    if (verdict.type === 'whitelist') return { kind: 'known', host }
    return { kind: 'unknown' }
  }
}

/** The host of `origin`, or `undefined` for one without (an extension's or an opaque origin). */
const hostOf = (origin: string): string | undefined => {
  if (!URL.canParse(origin)) return undefined
  const { hostname } = new URL(origin)
  return hostname === '' ? undefined : hostname
}
