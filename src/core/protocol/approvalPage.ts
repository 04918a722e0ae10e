/** The extension page an approval window shows: the popup bundle, told which approval by its query. */
const approvalPagePath = 'src/popup/index.html'
const approvalParameter = 'approval'

/**
 * The path, relative to the extension's base URL, of the approval window of `approvalId` (the
 * service worker turns it into a URL with `runtime.getURL`).
 *
 * @example approvalPageAddress('3f2c') // 'src/popup/index.html?approval=3f2c'
 */
export const approvalPageAddress = (approvalId: string): string =>
  `${approvalPagePath}?${approvalParameter}=${encodeURIComponent(approvalId)}`

/**
 * The approval id of a popup page from its query string (`location.search`); `null` when the page
 * is the toolbar popup rather than an approval window.
 *
 * @example approvalIdOf('?approval=3f2c') // '3f2c'
 */
export const approvalIdOf = (search: string): string | null =>
  new URLSearchParams(search).get(approvalParameter)
