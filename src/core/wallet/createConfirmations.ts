import type { ChainId } from '../caip/types.ts'
import type { FeeChoice } from '../eth/fees/chooseFee.ts'
import { isResendOf, matchResend, type RequestIdentity } from '../protocol/requestIdentity.ts'
import {
  confirmationTooLarge,
  tooManyPendingConfirmations,
  userRejected,
  warningUnacknowledged,
} from '../rpc/errors.ts'
import { jsonBytes } from '../rpc/jsonBytes.ts'
import type { Json } from '../rpc/types.ts'
import { createSerialQueue } from './serialQueue.ts'
import { walletOrigin } from './walletOrigin.ts'
import { unacknowledgedBlocks, type Warning } from './warnings/warning.ts'

/**
 * One request waiting for (or answered by) the user in the confirmation window, as stored (the
 * worker keeps it in `storage.session`) so that it outlives a worker restart. The window renders
 * `view` by `kind` (`personal_sign`, `eth_signTypedData_v4`, `transaction`, `calls`, …): the queue
 * knows nothing of kinds, so other confirmations (an added network) share the window.
 */
export type ConfirmationRecord = {
  id: string
  /** `<connection id>/<request id>` of the page request it belongs to: a re-send repeats it. */
  requestKey: string
  /** What that page request asks (`requestDigestOf`): a re-send must ask the same. */
  requestDigest: string
  origin: string
  chainId: ChainId
  kind: string
  view: Json
  /**
   * The worker's verdicts on it (DESIGN §11), computed once when it entered the queue: part of what
   * the user saw, as the view is. Absent on a record kept before warnings existed (none).
   */
  warnings?: Warning[]
  /** Milliseconds since the epoch: the queue's order. */
  createdAt: number
  /**
   * The user's answer (a closed window is a rejection), recorded once: the first answer wins. `fee`:
   * the fee the user picked on a transaction, checked by the worker before it was recorded.
   */
  result?: { approved: boolean; fee?: FeeChoice }
  /** When `result` was recorded (ms since the epoch): an answer nobody claims expires (`claimMs`). */
  answeredAt?: number
  /** What the worker did after the approval, kept for exactly-once (e.g. the signed transaction). */
  progress?: Json
}

/** Where records and the window's id live. Must outlive the worker. */
export type ConfirmationStore = {
  list(): Promise<ConfirmationRecord[]>
  write(record: ConfirmationRecord): Promise<void>
  remove(id: string): Promise<void>
  readWindow(): Promise<number | undefined>
  writeWindow(windowId: number | undefined): Promise<void>
}

/** The one confirmation window (an extension popup window in the worker). */
export type ConfirmationWindows = {
  open(): Promise<number | undefined>
  focus(windowId: number): Promise<void>
  exists(windowId: number): Promise<boolean>
}

export type CreateConfirmationsParameters = {
  store: ConfirmationStore
  windows: ConfirmationWindows
  newId(): string
  now(): number
  /**
   * How long an answered record waits to be claimed by its page request (a re-send after a
   * restart) when no request in this worker is attached to it; then it is dropped.
   */
  claimMs: number
  /**
   * The worker's warnings on a new confirmation (`confirmationWarnings`, DESIGN §11), kept on its
   * record: the queue knows no kinds. May read the wallet's records (the recipient rules' book).
   */
  warnings(
    subject: Pick<ConfirmationInput, 'origin' | 'kind' | 'view'>,
  ): Warning[] | Promise<Warning[]>
}

/**
 * The most requests of pages waiting at once, across origins: pages cannot grow the queue without
 * bound. The wallet's own requests are not counted (`walletOrigin`).
 */
export const maxPendingConfirmations = 50
/**
 * The most requests of one origin waiting at once: one site cannot crowd out the others. The
 * wallet's own requests have the same bound.
 */
export const maxPendingPerOrigin = 10
/**
 * The most one record may take, in bytes of its stored JSON text (UTF-8): `storage.session` holds
 * about 10 MiB for everything the worker keeps there, and the params checks alone let one request
 * make a record of megabytes (`wallet_sendCalls`: 20 calls of 128 KiB call data each, in hex: over
 * 5 MiB). The largest a dapp sends — a transaction with 128 KiB of call data, or
 * the largest typed data — fits.
 */
export const maxConfirmationBytes = 2 ** 20
/** The most the records of one origin take together, in bytes: one site cannot fill the area. */
export const maxOriginConfirmationBytes = 2 * 2 ** 20
/**
 * The most every page's records take together, in bytes: with the kept answers' 4 MiB
 * (`recentAnswerBytes`), 8 of `storage.session`'s 10 MiB, the rest left for the vault's key,
 * approvals, subscriptions and the wallet's own requests (`maxOwnConfirmationBytes`).
 */
export const maxConfirmationsBytes = 4 * 2 ** 20
/**
 * The most the wallet's own records take together (origin `walletOrigin`: the owner's send, revoke,
 * speed-up, cancel), in bytes. They are outside the counts and bytes across origins, so pages that
 * fill the queue never refuse the owner's own request; this is their own bound. A send is a few KiB,
 * a speed-up of a transaction with the full 128 KiB of call data about 0.26 MiB.
 */
export const maxOwnConfirmationBytes = 2 ** 19

/** Each record's bytes (its stored JSON text, UTF-8), measured once: records are replaced, not changed. */
const recordSizes = new WeakMap<ConfirmationRecord, number>()
const bytesOf = (record: ConfirmationRecord): number => {
  const known = recordSizes.get(record)
  if (known !== undefined) return known
  const size = jsonBytes(record)
  recordSizes.set(record, size)
  return size
}
const totalBytes = (records: readonly ConfirmationRecord[]): number =>
  records.reduce((total, record) => total + bytesOf(record), 0)
/** The records of pages: the wallet's own are outside the bounds across origins. */
const ofPages = (records: readonly ConfirmationRecord[]): ConfirmationRecord[] =>
  records.filter((record) => record.origin !== walletOrigin)

/** A new confirmation, before the queue gives it an id. */
export type ConfirmationInput = Pick<
  ConfirmationRecord,
  'requestKey' | 'requestDigest' | 'origin' | 'chainId' | 'kind' | 'view'
>

/**
 * The confirmation queue (DESIGN §3, §4): one window for every pending confirmation, across
 * origins, surviving service-worker restarts in the way the approvals do (`createApprovals.ts`):
 *
 * - The answer is written to the record before anyone waiting is woken; every step runs one after
 *   the other, so nothing falls between reading a record and starting to wait.
 * - A re-sent page request (same `requestKey` and `requestDigest`) re-attaches: it gets the
 *   recorded answer, or waits while the window is open, or — the window went away while no worker
 *   ran — is rejected. It never opens a second window or a second record. Another request under a
 *   recorded key is refused `-32602` (`isResendOf`, DESIGN §6): it never takes over the record.
 * - What the worker does on approval is made of the record's `view` (what the window showed),
 *   never of a re-sent request's params.
 * - Only the user rejects (DESIGN §6): a click, or closing the window that shows the request. The
 *   window never closes itself while a request waits — it asks first (`closeIfIdle`), and once the
 *   queue lets it go the window is forgotten, so a request that comes while it closes opens a new
 *   one and waits there. Closing the window rejects everything still pending in it.
 * - A record stays, answered, until `release` (after the page's answer is kept for its re-send);
 *   `progress` written after the approval (a signed transaction) stays with it. An answered record
 *   no request of this worker is attached to (its page is gone, or it was answered after a
 *   restart and nothing re-sent it) can be claimed for `claimMs` after its answer; then nothing
 *   re-attaches to it and it is deleted at the next request or `sweep` (each worker start).
 * - Bounded (`storage.session` is shared with the vault's key and the kept answers): at most
 *   `maxPendingConfirmations` pending of pages, `maxPendingPerOrigin` of one origin (`-32002`);
 *   every page's record held, answered or not, at most `maxConfirmationsBytes` together and
 *   `maxOriginConfirmationBytes` of one origin (`-32002`: wait until some are answered); one record
 *   at most `maxConfirmationBytes` (`-32602`). The wallet's own requests (`walletOrigin`) are not
 *   counted across origins — what pages fill never refuses the owner's — and have their own bound:
 *   `maxPendingPerOrigin` pending, `maxOwnConfirmationBytes` held.
 *
 * @example
 * const confirmations = createConfirmations({ store, windows, newId, now, claimMs: 60_000, warnings: confirmationWarnings })
 * const record = await confirmations.ask({ requestKey, requestDigest, origin, chainId, kind: 'personal_sign', view })
 * if (record.result?.approved) … // sign
 */
export function createConfirmations({
  store,
  windows,
  newId,
  now,
  claimMs,
  warnings,
}: CreateConfirmationsParameters) {
  const waiters = new Map<string, Array<(record: ConfirmationRecord) => void>>()
  /** Records a request of this worker is attached to (asked or re-attached), until released. */
  const claimed = new Set<string>()
  /**
   * The records as stored, read once per worker and held in memory: every change is made here and
   * written through, so reading the queue costs no storage call.
   */
  let held: Promise<Map<string, ConfirmationRecord>> | undefined
  const records = async (): Promise<ConfirmationRecord[]> => [...(await heldMap()).values()]
  const heldMap = (): Promise<Map<string, ConfirmationRecord>> => {
    held ??= store.list().then((list) => new Map(list.map((record) => [record.id, record])))
    return held
  }
  const write = async (record: ConfirmationRecord): Promise<void> => {
    ;(await heldMap()).set(record.id, record)
    await store.write(record)
  }
  const remove = async (id: string): Promise<void> => {
    ;(await heldMap()).delete(id)
    await store.remove(id)
  }
  /**
   * Page requests whose answer is kept for their re-send (`RecentAnswers.remember`): the answer of
   * their record is written with the page's answer, in one write (`answeredUnwritten`), not before.
   */
  const keptWithAnswer = new Set<string>()
  /** Ids of records answered in memory whose answer goes out with their page's answer. */
  const unwritten = new Set<string>()
  /** Runs a step after every earlier step (in this worker). */
  const serially = createSerialQueue()

  const waitFor = (id: string): Promise<ConfirmationRecord> =>
    new Promise((resolve) => {
      waiters.set(id, [...(waiters.get(id) ?? []), resolve])
    })

  const wake = (record: ConfirmationRecord): void => {
    const waiting = waiters.get(record.id) ?? []
    waiters.delete(record.id)
    for (const resolve of waiting) resolve(record)
  }

  /** `record` with the answer `approved` (and the fee picked), recorded now. */
  const answeredAs = (
    record: ConfirmationRecord,
    approved: boolean,
    fee?: FeeChoice,
  ): ConfirmationRecord => ({
    ...record,
    result: approved && fee !== undefined ? { approved, fee } : { approved },
    answeredAt: now(),
  })

  /**
   * Records the answer on `record` and wakes who waits for it: written first, unless its page
   * request keeps its answer — then it is written with that answer (`answeredUnwritten`).
   */
  const answer = async (
    record: ConfirmationRecord,
    approved: boolean,
    fee?: FeeChoice,
  ): Promise<void> => {
    const answered = answeredAs(record, approved, fee)
    if (keptWithAnswer.has(record.requestKey)) {
      ;(await heldMap()).set(answered.id, answered)
      unwritten.add(answered.id)
    } else {
      await write(answered)
    }
    wake(answered)
  }

  /** An answered record no request of this worker claimed within `claimMs` of its answer. */
  const expired = (record: ConfirmationRecord): boolean =>
    record.result !== undefined &&
    !claimed.has(record.id) &&
    (record.answeredAt ?? 0) + claimMs <= now()

  /** Deletes the expired records; the others, as a request may still claim them. */
  const withoutExpired = async (records: ConfirmationRecord[]): Promise<ConfirmationRecord[]> => {
    for (const record of records.filter(expired)) await remove(record.id)
    return records.filter((record) => !expired(record))
  }

  /** The window's id as stored, read once per worker and written through. */
  let heldWindow: Promise<number | undefined> | undefined
  const readWindow = (): Promise<number | undefined> => {
    heldWindow ??= store.readWindow()
    return heldWindow
  }
  const writeWindow = (windowId: number | undefined): Promise<void> => {
    heldWindow = Promise.resolve(windowId)
    return store.writeWindow(windowId)
  }

  const windowAlive = async (): Promise<number | undefined> => {
    const windowId = await readWindow()
    return windowId !== undefined && (await windows.exists(windowId)) ? windowId : undefined
  }

  /** Brings the open window to the front; false when it went away since (it is being closed). */
  const focused = async (windowId: number): Promise<boolean> => {
    try {
      await windows.focus(windowId)
      return true
    } catch {
      // Closed between the check and the focus: the caller opens a new window instead.
      return false
    }
  }

  /** Shows the queue: focuses the open window, or opens it. False when no window could be opened. */
  const show = async (): Promise<boolean> => {
    const alive = await windowAlive()
    if (alive !== undefined && (await focused(alive))) return true
    const opened = await windows.open()
    await writeWindow(opened)
    return opened !== undefined && (await windows.exists(opened))
  }

  const pendingOf = (records: ConfirmationRecord[]): ConfirmationRecord[] =>
    records.filter((record) => !record.result).sort((a, b) => a.createdAt - b.createdAt)

  /** The record `request` re-attaches to; throws `-32602` when its key is another request's. */
  const recordOf = (
    records: ConfirmationRecord[],
    request: RequestIdentity & { origin: string },
  ): ConfirmationRecord | undefined =>
    records.find((record) => record.origin === request.origin && isResendOf(request, record))

  /**
   * Puts a request in the queue and shows the window, or re-attaches the re-sent page request to
   * its record. Resolves with the record once it is answered (approved or not).
   */
  const ask = async (input: ConfirmationInput): Promise<ConfirmationRecord> => {
    const outcome = await serially(
      async (): Promise<
        { record: ConfirmationRecord } | { waiting: Promise<ConfirmationRecord> }
      > => {
        const current = await withoutExpired(await records())
        const existing = recordOf(current, input)
        if (existing) {
          claimed.add(existing.id)
          if (existing.result) return { record: existing }
          if ((await windowAlive()) !== undefined) return { waiting: waitFor(existing.id) }
          // Its window went away while no worker was there to hear it: a rejection.
          const rejected = answeredAs(existing, false)
          await write(rejected)
          return { record: rejected }
        }
        const own = input.origin === walletOrigin
        const pending = pendingOf(current)
        const fromOrigin = pending.filter((record) => record.origin === input.origin)
        if (
          fromOrigin.length >= maxPendingPerOrigin ||
          (!own && ofPages(pending).length >= maxPendingConfirmations)
        ) {
          throw tooManyPendingConfirmations()
        }
        const record: ConfirmationRecord = {
          ...input,
          warnings: await warnings(input),
          id: newId(),
          createdAt: now(),
        }
        const size = bytesOf(record)
        if (size > maxConfirmationBytes) throw confirmationTooLarge(maxConfirmationBytes)
        const ofOrigin = current.filter((kept) => kept.origin === input.origin)
        const originBytes = own ? maxOwnConfirmationBytes : maxOriginConfirmationBytes
        if (
          totalBytes(ofOrigin) + size > originBytes ||
          (!own && totalBytes(ofPages(current)) + size > maxConfirmationsBytes)
        ) {
          throw tooManyPendingConfirmations()
        }
        claimed.add(record.id)
        const waiting = waitFor(record.id)
        // Written beside the window's creation: the window reads the queue from this worker's
        // memory, so nothing that can wait comes between the request and `windows.create`.
        const written = write(record)
        const shown = await show()
        await written
        if (shown) return { waiting }
        waiters.delete(record.id)
        const rejected = answeredAs(record, false)
        await write(rejected)
        return { record: rejected }
      },
    )
    return 'record' in outcome ? outcome.record : outcome.waiting
  }

  /** The record of the page request `request` when it is a re-send; `-32602` when it differs. */
  const resent = async (
    request: RequestIdentity & { origin: string },
  ): Promise<ConfirmationRecord | undefined> =>
    recordOf(
      (await records()).filter((record) => !expired(record)),
      request,
    )

  return {
    ask,

    resent,

    /**
     * `ask` for a signing request whose view costs work (a preview read from the node): the view is
     * built only for a new record — a re-sent request re-attaches to its record and shows the stored
     * view. Resolves with the approved record; anything else is the user's rejection (`4001`).
     */
    async confirm(
      input: Omit<ConfirmationInput, 'view'>,
      view: () => Promise<Json>,
    ): Promise<ConfirmationRecord> {
      const existing = await resent(input)
      const record = await ask({ ...input, view: existing ? existing.view : await view() })
      if (!record.result?.approved) throw userRejected()
      return record
    },

    /** The records still waiting for the user, oldest first (what the window shows, "1 of n"). */
    pending: async (): Promise<ConfirmationRecord[]> => pendingOf(await records()),

    /** Every record, answered or not. */
    list: (): Promise<ConfirmationRecord[]> => records(),

    /**
     * The user's answer from the window; only the first answer counts. An approval names the
     * `block` warnings the user stepped past (`acknowledged`, their kinds): one that leaves any of
     * the record's out is refused (`warning_unacknowledged`) and answers nothing. `fee`: the fee
     * picked on a transaction (checked by the caller, `chooseConfirmationFee`).
     */
    resolve(
      id: string,
      approved: boolean,
      acknowledged: readonly string[] = [],
      fee?: FeeChoice,
    ): Promise<void> {
      return serially(async () => {
        const record = (await heldMap()).get(id)
        if (!record || record.result) return
        const unread = unacknowledgedBlocks(record.warnings ?? [], acknowledged)
        if (approved && unread.length > 0) {
          throw warningUnacknowledged(unread.map(({ kind }) => kind))
        }
        await answer(record, approved, fee)
      })
    },

    /**
     * The window, its queue answered, asks to close itself. True when nothing waits: the window is
     * forgotten at once, so a request that comes while it closes opens a new window instead of
     * joining this one (and being rejected by its close). False when a request came meanwhile: the
     * window stays and shows it.
     */
    closeIfIdle(): Promise<boolean> {
      return serially(async () => {
        if (pendingOf(await records()).length > 0) return false
        await writeWindow(undefined)
        return true
      })
    },

    /** The window was closed: everything still pending in it is rejected (`4001`). */
    windowClosed(windowId: number): Promise<void> {
      return serially(async () => {
        if ((await readWindow()) !== windowId) return
        await writeWindow(undefined)
        for (const record of pendingOf(await records())) await answer(record, false)
      })
    },

    /** Keeps what was done after the approval on the record (read back by a re-attached request). */
    progress(id: string, progress: Json): Promise<ConfirmationRecord | undefined> {
      return serially(async () => {
        const record = (await heldMap()).get(id)
        if (!record) return undefined
        const updated = { ...record, progress }
        await write(updated)
        unwritten.delete(id)
        return updated
      })
    },

    /**
     * Forgets the answered record of the page request `request` once the page's answer is kept for
     * its re-send. Another request under its key (refused) releases nothing.
     */
    release(origin: string, request: RequestIdentity): Promise<void> {
      return serially(async () => {
        for (const record of await records()) {
          const same = matchResend(request, record) === 'same'
          if (same && record.origin === origin && record.result) {
            await remove(record.id)
            claimed.delete(record.id)
            unwritten.delete(record.id)
          }
        }
      })
    },

    /**
     * Forgets the record of `request`, answered or not, and rejects whoever waits for it: the
     * request that claimed it will not go ahead (the wallet's own request, run again by a new
     * worker, failed its checks), so the window does not show, and an Approve does not wait on,
     * what will not happen.
     */
    withdraw(origin: string, request: RequestIdentity): Promise<void> {
      return serially(async () => {
        for (const record of await records()) {
          if (record.origin !== origin || matchResend(request, record) !== 'same') continue
          await remove(record.id)
          claimed.delete(record.id)
          unwritten.delete(record.id)
          wake(answeredAs(record, false))
        }
      })
    },

    /**
     * A request of this worker will come for the record of `request` (the wallet's own request,
     * run again by a new worker, `createOwnRequests`): the record is claimed now, so it does not
     * expire before the request re-attaches. False when there is no such record (released, expired,
     * or another request's).
     */
    claim(origin: string, request: RequestIdentity): Promise<boolean> {
      return serially(async () => {
        const record = (await records()).find(
          (candidate) =>
            !expired(candidate) &&
            candidate.origin === origin &&
            matchResend(request, candidate) === 'same',
        )
        if (record) claimed.add(record.id)
        return record !== undefined
      })
    },

    /**
     * Deletes the answered records that nobody claimed within `claimMs` of their answer (run when a
     * worker starts, after what was signed is sent again): a page request that comes for one later
     * is a new request.
     */
    sweep(): Promise<void> {
      return serially(async () => {
        await withoutExpired(await records())
      })
    },

    /**
     * The page request `request` of `origin` keeps its answer for its re-send: the answer the user
     * gives its record is held in memory until `answeredUnwritten` hands it over, to be written in
     * the same write as the page's answer (one storage call between the click and the answer).
     */
    keepWithAnswer(request: RequestIdentity): void {
      keptWithAnswer.add(request.requestKey)
    },

    /**
     * The records of `request` answered since `keepWithAnswer` and not yet written: the caller
     * writes them with the page's answer. The request's answers are written at once from now on.
     */
    async answeredUnwritten(
      origin: string,
      request: RequestIdentity,
    ): Promise<ConfirmationRecord[]> {
      keptWithAnswer.delete(request.requestKey)
      const taken = (await records()).filter(
        (record) =>
          unwritten.has(record.id) &&
          record.origin === origin &&
          matchResend(request, record) === 'same',
      )
      for (const record of taken) unwritten.delete(record.id)
      return taken
    },
  }
}

export type Confirmations = ReturnType<typeof createConfirmations>
