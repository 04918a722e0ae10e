/**
 * A count with its noun in the right number, for what the popup shows.
 *
 * @example countOf(1, 'method') // '1 method'
 * @example countOf(3, 'notification') // '3 notifications'
 * @example countOf(2, 'entry', 'entries') // '2 entries'
 */
export const countOf = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count} ${count === 1 ? singular : plural}`
