import type { ApprovalAnswer, ApprovalRequest, ApprovalResult } from '../multichain/ports.ts'
import { isResendOf, matchResend, type RequestIdentity } from '../protocol/requestIdentity.ts'
import { requestAlreadyPending, tooManyPendingApprovals } from '../rpc/errors.ts'
import { createKeyedSerialQueue, createSerialQueue } from './serialQueue.ts'

/**
 * One origin's `wallet_createSession` approval as stored (the service worker keeps it in
 * `storage.session`), so that it outlives a worker restart.
 */
export type ApprovalRecord = {
  id: string
  request: ApprovalRequest
  /** `<connection id>/<request id>` of the page request it belongs to (`requestKey`). */
  requestKey: string
  /** What that page request asks (`requestDigestOf`): a re-send must ask the same. */
  requestDigest: string
  windowId?: number
  /** The user's answer (a closed window is a rejection), recorded once: the first answer wins. */
  result?: ApprovalResult
  /** When `result` was recorded (ms since the epoch): an answer nobody claims expires (`claimMs`). */
  answeredAt?: number
}

/** Where the records live, one per origin. Must outlive the worker. */
export type ApprovalRecordStore = {
  read(origin: string): Promise<ApprovalRecord | undefined>
  write(origin: string, record: ApprovalRecord): Promise<void>
  remove(origin: string): Promise<void>
  list(): Promise<ApprovalRecord[]>
}

/** The approval windows (extension popup windows in the worker). */
export type ApprovalWindows = {
  /** Opens the approval page for `approvalId`; resolves with its window id. */
  open(approvalId: string): Promise<number | undefined>
  exists(windowId: number): Promise<boolean>
}

export type CreateApprovalsParameters = {
  store: ApprovalRecordStore
  windows: ApprovalWindows
  newId(): string
  now(): number
  /**
   * How long an answered approval waits to be claimed by its page request (a re-send after a
   * restart) when no request in this worker is attached to it; then it is dropped.
   */
  claimMs: number
}

const rejected: ApprovalResult = { approved: false }

/**
 * The most approvals waiting for the user at once, across origins (each in its own window). An
 * origin has one at most, but a page creates one without the user for every origin it frames (its
 * iframes of other hosts each ask `wallet_createSession`): beyond, a new one is refused `-32002`
 * until the user answers or closes some, so a page cannot open windows and records without bound.
 */
export const maxPendingApprovals = 10

/** A re-attached or new request, as its record shows it: answered already, or waiting for the user. */
type Outcome = { shown: ApprovalRequest } & (
  | { result: ApprovalResult }
  | { waiting: Promise<ApprovalResult> }
)

/**
 * Approvals that survive a service-worker restart in any order of events (DESIGN §6). The record
 * in the store is the truth; this worker's memory holds only who is waiting for which record.
 *
 * - The answer is written to the record before anyone waiting is told, so an answer that arrives
 *   while nobody waits (a worker that just started, before the page re-sent its request) is kept.
 * - A re-sent request (same `requestKey` and `requestDigest`) re-attaches: it takes the recorded
 *   answer if there is one, waits for the open window otherwise, and is rejected if its window is
 *   gone unanswered (closed while no worker was running). It never opens a second window, except for
 *   a record whose window id was never stored (the worker stopped while opening it): that request
 *   was never shown for sure, so its window is opened again rather than counted as rejected. Another
 *   request under the recorded key is refused `-32602` (`isResendOf`, DESIGN §6).
 * - An approval resolves with the request as the record holds it (`shown`): what is granted is
 *   what the window showed, never the params of a re-sent copy.
 * - Every step on an origin's record (attach, answer, close, release) runs one after the other, so
 *   no answer can fall between reading the record and starting to wait.
 * - The record stays, answered, until `release`: a worker stopped after the answer but before the
 *   page got its response still finds the answer for the re-sent request. An answered record no
 *   request of this worker is attached to can be claimed for `claimMs` after its answer; then
 *   nothing re-attaches to it and it is deleted at the origin's next request or `sweep`.
 * - Bounded: one record per origin, and at most `maxPendingApprovals` waiting for the user (their
 *   window open) across origins; a new one beyond is refused `-32002`. An answered record needs
 *   the user's answer, so pages create no more than that without the user.
 *
 * @example
 * const approvals = createApprovals({ store, windows, newId, now: Date.now, claimMs: 60_000 })
 * const answer = await approvals.requestApproval(request, { requestKey: 'c0ffee/1', requestDigest })
 */
export function createApprovals({
  store,
  windows,
  newId,
  now,
  claimMs,
}: CreateApprovalsParameters) {
  const waiters = new Map<string, Array<(result: ApprovalResult) => void>>()
  /** Approvals a request of this worker is attached to (asked or re-attached), until released. */
  const claimed = new Set<string>()

  /** Runs a step after every earlier step on the origin's record (in this worker). */
  const serially = createKeyedSerialQueue<string>()

  const waitFor = (approvalId: string): Promise<ApprovalResult> =>
    new Promise((resolve) => {
      waiters.set(approvalId, [...(waiters.get(approvalId) ?? []), resolve])
    })

  /** `record` with the answer `result`, recorded now. */
  const answeredAs = (record: ApprovalRecord, result: ApprovalResult): ApprovalRecord => ({
    ...record,
    result,
    answeredAt: now(),
  })

  /** Records `result` on the origin's unanswered record if `matches` it, then wakes its waiters. */
  const answer = (
    origin: string,
    matches: (record: ApprovalRecord) => boolean,
    result: ApprovalResult,
  ): Promise<void> =>
    serially(origin, async () => {
      const record = await store.read(origin)
      if (!record || record.result || !matches(record)) return
      await store.write(origin, answeredAs(record, result))
      const waiting = waiters.get(record.id) ?? []
      waiters.delete(record.id)
      for (const wake of waiting) wake(result)
    })

  /** An answered record no request of this worker claimed within `claimMs` of its answer. */
  const expired = (record: ApprovalRecord): boolean =>
    record.result !== undefined &&
    !claimed.has(record.id) &&
    (record.answeredAt ?? 0) + claimMs <= now()

  /** The origin's record, deleted instead when it expired. */
  const liveRecord = async (origin: string): Promise<ApprovalRecord | undefined> => {
    const record = await store.read(origin)
    if (!record || !expired(record)) return record
    await store.remove(origin)
    return undefined
  }

  const windowAlive = async (record: ApprovalRecord): Promise<boolean> =>
    record.windowId !== undefined && (await windows.exists(record.windowId))

  /** Admissions of new records, one after the other across origins: each counts the others'. */
  const admissions = createSerialQueue()
  /**
   * Writes the new `record` of `origin` unless `maxPendingApprovals` of other origins wait for the
   * user (unanswered, their window open or being opened): then `-32002`, nothing written.
   */
  const admit = (origin: string, record: ApprovalRecord): Promise<void> =>
    admissions(async () => {
      let waiting = 0
      for (const other of await store.list()) {
        if (other.request.origin === origin || other.result) continue
        if (other.windowId === undefined || (await windowAlive(other))) waiting += 1
      }
      if (waiting >= maxPendingApprovals) throw tooManyPendingApprovals(maxPendingApprovals)
      await store.write(origin, record)
    })

  /** Opens the window of a new record; a window that cannot be opened is a rejection. */
  const open = async (
    origin: string,
    record: ApprovalRecord,
  ): Promise<ApprovalResult | undefined> => {
    const windowId = await windows.open(record.id)
    if (windowId === undefined) {
      await store.write(origin, answeredAs(record, rejected))
      return rejected
    }
    await store.write(origin, { ...record, windowId })
    // Closed before its id was stored: the window's close event could not match it.
    if (!(await windows.exists(windowId))) {
      await store.write(origin, answeredAs({ ...record, windowId }, rejected))
      return rejected
    }
    return undefined
  }

  /** The record with this approval id, answered or not. */
  const get = async (approvalId: string): Promise<ApprovalRecord | undefined> =>
    (await store.list()).find((record) => record.id === approvalId)

  return {
    /**
     * Asks the user about `request` on behalf of the page request `identity`, or re-attaches that
     * request to its approval after a restart. Throws `-32002` while another request of the origin
     * has its window open or `maxPendingApprovals` of other origins wait, `-32602` for another
     * request under the key of the origin's record.
     */
    async requestApproval(
      request: ApprovalRequest,
      identity: RequestIdentity,
    ): Promise<ApprovalAnswer> {
      const { origin } = request
      // The step decides and starts waiting; the wait itself is outside it, so that the answer
      // (a later step on the same origin) can get in.
      const outcome = await serially(origin, async (): Promise<Outcome> => {
        const existing = await liveRecord(origin)
        if (existing && isResendOf(identity, existing)) {
          claimed.add(existing.id)
          if (existing.result) return { shown: existing.request, result: existing.result }
          if (await windowAlive(existing)) {
            return { shown: existing.request, waiting: waitFor(existing.id) }
          }
          // The worker stopped between writing the record and storing its window's id: the user
          // may never have seen a window, so nobody rejected it. Show it (again) and wait.
          if (existing.windowId === undefined) {
            const waiting = waitFor(existing.id)
            const failed = await open(origin, existing)
            if (!failed) return { shown: existing.request, waiting }
            waiters.delete(existing.id)
            return { shown: existing.request, result: failed }
          }
          // Its window went away while no worker was there to hear it: a rejection.
          await store.write(origin, answeredAs(existing, rejected))
          return { shown: existing.request, result: rejected }
        }
        if (existing && !existing.result && (await windowAlive(existing))) {
          throw requestAlreadyPending(origin)
        }
        const record: ApprovalRecord = { id: newId(), request, ...identity }
        await admit(origin, record)
        claimed.add(record.id)
        const waiting = waitFor(record.id)
        const failed = await open(origin, record)
        if (!failed) return { shown: request, waiting }
        waiters.delete(record.id)
        return { shown: request, result: failed }
      })
      const result = 'result' in outcome ? outcome.result : await outcome.waiting
      return result.approved ? { ...result, shown: outcome.shown } : result
    },

    get,

    /** The user's answer from the approval window; only the first answer counts. */
    async resolve(approvalId: string, result: ApprovalResult): Promise<void> {
      const record = await get(approvalId)
      if (record) await answer(record.request.origin, (latest) => latest.id === approvalId, result)
    },

    /** A closed approval window rejects its request (`4001`) unless it was answered already. */
    async windowClosed(windowId: number): Promise<void> {
      for (const record of await store.list()) {
        if (record.windowId !== windowId) continue
        await answer(record.request.origin, (latest) => latest.windowId === windowId, rejected)
      }
    },

    /**
     * Forgets the approval of the page request `request` once that request has been answered (and
     * its answer kept for a re-send): nothing is left to re-attach to. Another request under its
     * key (refused) releases nothing.
     */
    release(origin: string, request: RequestIdentity): Promise<void> {
      return serially(origin, async () => {
        const record = await store.read(origin)
        if (record && matchResend(request, record) === 'same' && record.result) {
          await store.remove(origin)
          claimed.delete(record.id)
        }
      })
    },

    /**
     * Deletes the answered approvals that nobody claimed within `claimMs` of their answer (run when
     * a worker starts): a page request that comes for one later is a new request.
     */
    async sweep(): Promise<void> {
      for (const record of await store.list()) {
        await serially(record.request.origin, () => liveRecord(record.request.origin))
      }
    },
  }
}

export type Approvals = ReturnType<typeof createApprovals>
