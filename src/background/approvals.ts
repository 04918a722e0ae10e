import type { ApprovalRequest, ApprovalResult, Approver } from '../core/multichain/ports.ts'
import { requestAlreadyPending } from '../core/rpc/errors.ts'
import { type Storage, sessionKeys } from './storage.ts'

/**
 * A `wallet_createSession` waiting for the user, in `storage.session` under its origin, so that it
 * outlives a worker restart: the re-sent request (same connection and request id) re-attaches to it
 * and its window is not opened twice.
 */
export type PendingApproval = {
  id: string
  request: ApprovalRequest
  /** `<connection id>/<request id>` of the page request that opened it. */
  requestKey: string
  windowId?: number
  /** Set once the user answered (or closed the window) and nobody was waiting in this worker. */
  result?: ApprovalResult
}

export type ApprovalWindows = {
  /** Opens the approval page for `approvalId`; resolves with its window id. */
  open(approvalId: string): Promise<number | undefined>
  exists(windowId: number): Promise<boolean>
}

const rejected: ApprovalResult = { approved: false }

/**
 * The engine's `Approver` over extension windows (DESIGN §4 step 6). Answered once: the first
 * decision (approve, reject, window closed) wins and the record is then removed. The approval page
 * closes its own window once its answer is recorded.
 */
export function createApprovals(storage: Storage, windows: ApprovalWindows) {
  const waiters = new Map<string, (result: ApprovalResult) => void>()
  /** The request key of the `wallet_createSession` being handled per origin (set by the worker). */
  const incoming = new Map<string, string>()
  const key = (origin: string): string => `${sessionKeys.approvalPrefix}${origin}`

  const read = (origin: string) => storage.read<PendingApproval>(key(origin))
  const all = () => storage.readPrefixed<PendingApproval>(sessionKeys.approvalPrefix)

  const settle = async (origin: string, result: ApprovalResult): Promise<void> => {
    const pending = await read(origin)
    if (!pending || pending.result) return
    const waiter = waiters.get(pending.id)
    if (waiter) {
      waiters.delete(pending.id)
      await storage.remove(key(origin))
      waiter(result)
    } else {
      await storage.write(key(origin), { ...pending, result })
    }
  }

  const wait = (pending: PendingApproval): Promise<ApprovalResult> =>
    new Promise((resolve) => {
      waiters.set(pending.id, resolve)
    })

  const approver: Approver = {
    async requestApproval(request) {
      const { origin } = request
      const requestKey = incoming.get(origin) ?? ''
      const existing = await read(origin)
      if (existing && existing.requestKey === requestKey) {
        if (existing.result) {
          await storage.remove(key(origin))
          return existing.result
        }
        const alive = existing.windowId !== undefined && (await windows.exists(existing.windowId))
        if (alive) return wait(existing)
        await storage.remove(key(origin))
        return rejected
      }
      if (existing && !existing.result && existing.windowId !== undefined) {
        if (await windows.exists(existing.windowId)) throw requestAlreadyPending(origin)
      }
      const pending: PendingApproval = { id: crypto.randomUUID(), request, requestKey }
      await storage.write(key(origin), pending)
      const answer = wait(pending)
      const windowId = await windows.open(pending.id)
      if (windowId === undefined) {
        await settle(origin, rejected)
      } else {
        await storage.write(key(origin), { ...pending, windowId })
        // Closed before its id was stored: `windowClosed` could not match it.
        if (!(await windows.exists(windowId))) await settle(origin, rejected)
      }
      return answer
    },
  }

  return {
    approver,
    /** Names the page request about to reach the engine, so a re-send can re-attach. */
    expect(origin: string, requestKey: string): void {
      incoming.set(origin, requestKey)
    },
    async get(id: string): Promise<PendingApproval | undefined> {
      return Object.values(await all()).find((pending) => pending.id === id)
    },
    async resolve(id: string, result: ApprovalResult): Promise<void> {
      const pending = await this.get(id)
      if (pending) await settle(pending.request.origin, result)
    },
    /** A closed approval window rejects its request (`4001`). */
    async windowClosed(windowId: number): Promise<void> {
      for (const pending of Object.values(await all())) {
        if (pending.windowId === windowId) await settle(pending.request.origin, rejected)
      }
    },
  }
}

export type Approvals = ReturnType<typeof createApprovals>
