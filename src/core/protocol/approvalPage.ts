import { windowPagePath } from './windowPage.ts'

/** An approval window is the windows' page (`windowPagePath`), told which approval by its query. */
const approvalParameter = 'approval'

/**
 * The path, relative to the extension's base URL, of the approval window of `approvalId` (the
 * service worker turns it into a URL with `runtime.getURL`).
 *
 * @example approvalPageAddress('3f2c') // 'src/popup/window.html?approval=3f2c'
 */
export const approvalPageAddress = (approvalId: string): string =>
  `${windowPagePath}?${approvalParameter}=${encodeURIComponent(approvalId)}`

/**
 * The approval id of a window page from its query string (`location.search`); `null` when the page
 * is not an approval window.
 *
 * @example approvalIdOf('?approval=3f2c') // '3f2c'
 */
export const approvalIdOf = (search: string): string | null =>
  new URLSearchParams(search).get(approvalParameter)
