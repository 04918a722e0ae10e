/** The extension page of the confirmation window: the popup bundle, told by its query. */
const confirmationPagePath = 'src/popup/index.html'
const confirmationParameter = 'confirm'

/**
 * The path, relative to the extension's base URL, of the one confirmation window (the service
 * worker turns it into a URL with `runtime.getURL`). QA finds it by `?confirm` in its URL.
 *
 * @example confirmationPageAddress() // 'src/popup/index.html?confirm'
 */
export const confirmationPageAddress = (): string =>
  `${confirmationPagePath}?${confirmationParameter}`

/**
 * Whether a popup page is the confirmation window, from its query string (`location.search`).
 *
 * @example isConfirmationPage('?confirm') // true
 */
export const isConfirmationPage = (search: string): boolean =>
  new URLSearchParams(search).get(confirmationParameter) !== null
