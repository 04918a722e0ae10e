/** The most addresses plus topic values one log query may name (DESIGN §5). */
export const maxFilterParameters = 5000

/**
 * The number of parameters a filter names, as the 5,000 limit counts them: each address plus each
 * topic value (a `null` wildcard counts for nothing). It reads a filter not yet validated without
 * building anything, so an oversized one is refused before its elements are looked at.
 *
 * @example countFilterParameters({ address: [a, b], topics: [t0, null, [t1, t2]] }) // 5
 */
export function countFilterParameters(filter: { address?: unknown; topics?: unknown }): number {
  const { address, topics } = filter
  let count = Array.isArray(address) ? address.length : address == null ? 0 : 1
  if (!Array.isArray(topics)) return count
  for (const position of topics) {
    if (Array.isArray(position)) {
      for (const value of position) if (value !== null) count += 1
    } else if (position !== null) count += 1
  }
  return count
}
