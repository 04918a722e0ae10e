/** How a scrolled box stands: its content's height, how far it is scrolled, the height shown. */
export type ScrollMetrics = { scrollHeight: number; scrollTop: number; clientHeight: number }

/** Pixels short of the end that still count as the end (sub-pixel rounding, zoom). */
const slackPx = 2

/**
 * Whether the user has seen all of a scrolled box: content that fits needs no scrolling, content
 * longer than the box is read once it has been scrolled to its end. The window's rule for a long
 * message or typed data (DESIGN §11): Sign is enabled only then.
 *
 * @example hasReadToEnd({ scrollHeight: 2000, scrollTop: 0, clientHeight: 500 }) // false
 */
export const hasReadToEnd = ({ scrollHeight, scrollTop, clientHeight }: ScrollMetrics): boolean =>
  scrollHeight - scrollTop - clientHeight <= slackPx
