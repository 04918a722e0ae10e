import type { Approver } from '../core/multichain/ports.ts'
import { approvalPageAddress } from '../core/protocol/approvalPage.ts'
import { matchResend, type RequestIdentity } from '../core/protocol/requestIdentity.ts'
import { sessionKeys } from '../core/protocol/storageKeys.ts'
import {
  type ApprovalRecord,
  type ApprovalRecordStore,
  type ApprovalWindows,
  createApprovals,
} from '../core/wallet/createApprovals.ts'
import type { Storage } from './storage.ts'

/** Approval records in `storage.session`, one per origin: they outlive a worker restart. */
const recordStore = (storage: Storage): ApprovalRecordStore => {
  const key = (origin: string): string => `${sessionKeys.approvalPrefix}${origin}`
  return {
    read: (origin) => storage.read<ApprovalRecord>(key(origin)),
    write: (origin, record) => storage.write(key(origin), record),
    remove: (origin) => storage.remove(key(origin)),
    list: async () =>
      Object.values(await storage.readPrefixed<ApprovalRecord>(sessionKeys.approvalPrefix)),
  }
}

/** What the approver needs of `chrome.windows`. */
export type WindowsApi = {
  create(options: {
    url: string
    type: 'popup'
    width: number
    height: number
    focused: boolean
  }): Promise<{ id?: number } | undefined>
  getAll(): Promise<Array<{ id?: number }>>
}

export type WindowApproverParameters = {
  /** `storage.session`: approvals outlive a worker restart, never the browser. */
  storage: Storage
  windows: WindowsApi
  /** The extension URL of a path inside it (`chrome.runtime.getURL`). */
  extensionUrl(path: string): string
  /** A new approval id (a random UUID by default). */
  newId?: () => string
  now(): number
  /** How long an answered approval nobody claims is kept for its page request's re-send. */
  claimMs: number
}

/** Approval windows as extension popup windows on the approval page, sized like the action popup. */
const approvalWindows = (
  windows: WindowsApi,
  extensionUrl: (path: string) => string,
): ApprovalWindows => ({
  async open(approvalId) {
    const created = await windows.create({
      url: extensionUrl(approvalPageAddress(approvalId)),
      type: 'popup',
      width: 400,
      height: 680,
      focused: true,
    })
    return created?.id
  },
  async exists(windowId) {
    return (await windows.getAll()).some((window) => window.id === windowId)
  },
})

/**
 * The engine's `Approver` over extension windows (DESIGN §4 step 6, §6), on the restart-proof
 * approvals of `core/wallet/createApprovals.ts`. The engine names only the origin; the page request
 * behind it (`<connection>/<id>` and its digest, which a re-send repeats) is announced by the page
 * port first.
 */
export function createWindowApprover({
  storage,
  windows,
  extensionUrl,
  newId = () => crypto.randomUUID(),
  now,
  claimMs,
}: WindowApproverParameters) {
  const records = recordStore(storage)
  const desk = createApprovals({
    store: records,
    windows: approvalWindows(windows, extensionUrl),
    newId,
    now,
    claimMs,
  })
  /** Per origin, the `wallet_createSession` requests being handled, in arrival order. */
  const incoming = new Map<string, RequestIdentity[]>()

  /**
   * The page request an approval of `origin` is for. The engine lets one `wallet_createSession`
   * per origin reach the approver; of several in flight, the one whose approval is stored (a
   * re-send) or else the earliest is that one.
   */
  const requestFor = async (origin: string): Promise<RequestIdentity> => {
    const requests = incoming.get(origin) ?? []
    if (requests.length > 1) {
      const stored = (await records.read(origin))?.requestKey
      const resent = requests.find(({ requestKey }) => requestKey === stored)
      if (resent) return resent
    }
    return requests[0] ?? { requestKey: '', requestDigest: '' }
  }

  const approver: Approver = {
    async requestApproval(request) {
      return desk.requestApproval(request, await requestFor(request.origin))
    },
  }

  return {
    approver,
    /** Announces the page request `request` (a `wallet_createSession`) about to reach the engine. */
    expect(origin: string, request: RequestIdentity): void {
      incoming.set(origin, [...(incoming.get(origin) ?? []), request])
    },
    /**
     * The request `request` has been answered and its answer kept for a re-send: its approval, if
     * it had one, is over. A refused request (another one under a kept key) ends only its own wait.
     */
    async answered(origin: string, request: RequestIdentity): Promise<void> {
      const requests = (incoming.get(origin) ?? []).filter(
        (waiting) => matchResend(request, waiting) !== 'same',
      )
      if (requests.length > 0) incoming.set(origin, requests)
      else incoming.delete(origin)
      await desk.release(origin, request)
    },
    get: desk.get,
    resolve: desk.resolve,
    windowClosed: desk.windowClosed,
    sweep: desk.sweep,
  }
}

export type WindowApprover = ReturnType<typeof createWindowApprover>
