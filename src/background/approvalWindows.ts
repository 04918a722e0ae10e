import { approvalPageAddress } from '../core/protocol/approvalPage.ts'
import type { ApprovalWindows } from '../core/wallet/createApprovals.ts'

/** Approval windows as extension popup windows, sized like the action popup. */
export const approvalWindows: ApprovalWindows = {
  async open(approvalId) {
    const created = await chrome.windows.create({
      url: chrome.runtime.getURL(approvalPageAddress(approvalId)),
      type: 'popup',
      width: 400,
      height: 680,
      focused: true,
    })
    return created?.id
  },
  async exists(windowId) {
    const all = await chrome.windows.getAll()
    return all.some((window) => window.id === windowId)
  },
}
