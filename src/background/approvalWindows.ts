import type { ApprovalWindows } from './approvals.ts'

/** The approval page: the popup bundle with `?approval=<id>` (see src/popup). */
export const approvalPageUrl = (approvalId: string): string =>
  chrome.runtime.getURL(`src/popup/index.html?approval=${encodeURIComponent(approvalId)}`)

/** Approval windows as extension popup windows, sized like the action popup. */
export const approvalWindows: ApprovalWindows = {
  async open(approvalId) {
    const created = await chrome.windows.create({
      url: approvalPageUrl(approvalId),
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
