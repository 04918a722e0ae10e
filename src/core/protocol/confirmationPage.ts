import { windowPagePath } from './windowPage.ts'

/** The confirmation window is the windows' page (`windowPagePath`), told by its query. */
const confirmationParameter = 'confirm'

/**
 * The path, relative to the extension's base URL, of the one confirmation window (the service
 * worker turns it into a URL with `runtime.getURL`). QA finds it by `?confirm` in its URL.
 *
 * @example confirmationPageAddress() // 'src/popup/window.html?confirm'
 */
export const confirmationPageAddress = (): string => `${windowPagePath}?${confirmationParameter}`

/**
 * Whether a window page is the confirmation window, from its query string (`location.search`).
 *
 * @example isConfirmationPage('?confirm') // true
 */
export const isConfirmationPage = (search: string): boolean =>
  new URLSearchParams(search).get(confirmationParameter) !== null
