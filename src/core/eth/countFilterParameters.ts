import type { LogFilter } from './validateFilter.ts'

/** The most addresses plus topic values one log query may name (DESIGN §5). */
export const maxFilterParameters = 5000

/**
 * The number of parameters a filter names, as the 5,000 limit counts them: each address plus each
 * topic value (a `null` wildcard counts for nothing).
 *
 * @example countFilterParameters({ address: [a, b], topics: [t0, null, [t1, t2]] }) // 5
 */
export function countFilterParameters(filter: Pick<LogFilter, 'address' | 'topics'>): number {
  const addresses =
    filter.address === undefined ? 0 : Array.isArray(filter.address) ? filter.address.length : 1
  let topics = 0
  for (const position of filter.topics ?? []) {
    if (position === null) continue
    if (Array.isArray(position)) {
      for (const value of position) if (value !== null) topics++
    } else topics++
  }
  return addresses + topics
}
