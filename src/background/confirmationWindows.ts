import { confirmationPageAddress } from '../core/protocol/confirmationPage.ts'
import type { ConfirmationWindows } from '../core/wallet/createConfirmations.ts'
import type { WindowsApi } from './windowApprover.ts'

/** What the confirmation window needs of `chrome.windows`: the approver's, plus focusing. */
export type ConfirmationWindowsApi = WindowsApi & {
  update(windowId: number, options: { focused: boolean }): Promise<unknown>
}

/**
 * The one confirmation window as an extension popup window on the confirmation page, sized like
 * the action popup; a new request brings it to the front.
 */
export const createConfirmationWindows = (
  windows: ConfirmationWindowsApi,
  extensionUrl: (path: string) => string,
): ConfirmationWindows => ({
  async open() {
    const created = await windows.create({
      url: extensionUrl(confirmationPageAddress()),
      type: 'popup',
      width: 400,
      height: 680,
      focused: true,
    })
    return created?.id
  },
  async focus(windowId) {
    await windows.update(windowId, { focused: true })
  },
  async exists(windowId) {
    return (await windows.getAll()).some((window) => window.id === windowId)
  },
})
