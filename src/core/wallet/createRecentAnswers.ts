import { isObject } from '@metamask/utils'
import { rerunnableNodeMethods } from '../eth/methods.ts'
import { isResendOf, type RequestIdentity } from '../protocol/requestIdentity.ts'
import { jsonBytes } from '../rpc/jsonBytes.ts'
import type { ConfirmationRecord } from './createConfirmations.ts'
import { walletReplayedMethods } from './namespaces.ts'
import { createSerialQueue } from './serialQueue.ts'

/**
 * Whether a page request is answered from memory when it is re-sent (DESIGN §6: a request re-sent
 * after a worker restart is answered once): `wallet_createSession`, `wallet_revokeSession`, and
 * `wallet_invokeMethod` of a method its namespace replays (`Namespace.replayedMethods`: `eth_sendRawTransaction`, the filter
 * calls that create, consume or remove, `eth_subscribe` / `eth_unsubscribe`). Reads are simply run
 * again, which keeps their hot path free of storage writes.
 */
export function isReplayedOnResend(request: unknown): boolean {
  if (!isObject(request)) return false
  const { method, params } = request
  if (method === 'wallet_createSession' || method === 'wallet_revokeSession') return true
  if (method !== 'wallet_invokeMethod' || !isObject(params)) return false
  const invocation = params.request
  return (
    isObject(invocation) &&
    typeof invocation.method === 'string' &&
    walletReplayedMethods.has(invocation.method)
  )
}

/**
 * Whether a replayed page request may be run again on a re-send when its answer was not kept
 * (`rerunnableNodeMethods`: `eth_getFilterChanges`, a read): its answer is kept within the byte
 * bounds of `createRecentAnswers` only. Every other replayed answer (a session, a signature, a
 * broadcast) is always kept.
 */
export function isRerunnableOnResend(request: unknown): boolean {
  if (!isObject(request) || request.method !== 'wallet_invokeMethod') return false
  const { params } = request
  if (!isObject(params) || !isObject(params.request)) return false
  const { method } = params.request
  return typeof method === 'string' && rerunnableNodeMethods.includes(method)
}

/**
 * One remembered answer, when it was given (ms since the epoch), and what its request asked
 * (`requestDigestOf`): only a re-send asking the same gets it.
 */
export type RecentAnswer<Answer> = {
  answer: Answer
  at: number
  requestDigest: string
  /**
   * The origin of the page that asked: `limit` and `maxBytes` count per origin. Absent on an answer
   * kept before origins were (those count as one origin of their own).
   */
  origin?: string
  /** Its request may run again on a re-send (`isRerunnableOnResend`): kept within the byte bounds. */
  rerunnable?: true
}

/**
 * The remembered answers, one stored item each (the worker keeps them in `storage.session`), so that
 * keeping one writes only it. `write` stores the confirmation records answered for the request in
 * the same call (one `session.set`): a re-send after a worker stop finds both or neither.
 */
export type RecentAnswersStore<Answer> = {
  /** Every kept answer, by request key. */
  read(): Promise<Record<string, RecentAnswer<Answer>>>
  write(
    requestKey: string,
    answer: RecentAnswer<Answer>,
    records: readonly ConfirmationRecord[],
  ): Promise<void>
  /** Forgets the answers kept under `requestKeys`. */
  remove(requestKeys: readonly string[]): Promise<void>
}

export type CreateRecentAnswersParameters<Answer> = {
  store: RecentAnswersStore<Answer>
  now(): number
  /** How long an answer is kept: longer than a page takes to re-send after a restart. */
  keepMs: number
  /**
   * At most this many answers are kept per origin (its oldest go first): one origin's answers never
   * push out another's (DESIGN §6, an origin never affects another origin's session).
   */
  limit: number
  /**
   * The most the kept answers of every origin take together, in bytes of their stored JSON text:
   * past it the oldest rerunnable answers of the origin whose rerunnable answers take the most go
   * first (the others are never let go for it).
   */
  maxBytes: number
  /** A rerunnable answer larger than this (bytes of its stored JSON text) is not kept. */
  maxAnswerBytes: number
}

/**
 * The byte bounds of the worker's kept answers. `storage.session` holds 10 MiB for everything the
 * worker keeps there (the vault's session key, approvals, confirmation records, own requests): the
 * answers take at most 4 MiB of it, and one `eth_getFilterChanges` answer at most 1 MiB (up to
 * 10,000 logs can be more: that one is not kept, and a re-send runs it again).
 */
export const recentAnswerBytes = { maxBytes: 4 * 2 ** 20, maxAnswerBytes: 2 ** 20 }

/** A page request as `remember` keeps its answer: its identity and the origin that asked. */
export type RememberedRequest = RequestIdentity & { origin: string }

/** What `remember` is told of an answer beside the request it answers. */
export type RememberOptions = {
  /** The request's confirmation records, answered: written in the same call as the answer. */
  records?: readonly ConfirmationRecord[]
  /** Its request may run again on a re-send (`isRerunnableOnResend`): kept within the byte bounds. */
  rerunnable?: boolean
}

/**
 * The answers recently given to page requests, by request key (`<connection>/<id>`), kept where
 * they outlive the worker: a request re-sent after a restart gets the same answer again instead
 * of being run twice. Another request under a kept key is refused `-32602` (`isResendOf`): it gets
 * neither the kept answer nor a run of its own while the key is taken. Each origin keeps its newest
 * `limit` answers, whatever other origins ask. A rerunnable answer (`isRerunnableOnResend`) larger
 * than `maxAnswerBytes` is not kept, and once all take more than `maxBytes` the oldest rerunnable
 * ones of the origin whose rerunnable answers take the most go first: a re-send of one not kept
 * runs again, as after `keepMs`.
 * They are read once per worker (again at the next use if that read failed) and held in memory:
 * remembering one is one write, recalling one none.
 *
 * @example
 * const answers = createRecentAnswers({
 *   store, now: Date.now, keepMs: 60_000, limit: 100, ...recentAnswerBytes,
 * })
 * await answers.remember({ requestKey: 'c0ffee/3', requestDigest, origin: 'https://app.example' }, response)
 * await answers.recall({ requestKey: 'c0ffee/3', requestDigest }) // response
 */
export function createRecentAnswers<Answer>({
  store,
  now,
  keepMs,
  limit,
  maxBytes,
  maxAnswerBytes,
}: CreateRecentAnswersParameters<Answer>) {
  /**
   * The kept answers, read once; every change is made here first, then written. A failed read is
   * not held: the next use reads again.
   */
  let kept: Promise<Record<string, RecentAnswer<Answer>>> | undefined
  const held = (): Promise<Record<string, RecentAnswer<Answer>>> => {
    if (kept !== undefined) return kept
    const reading = store.read().catch((error: unknown) => {
      if (kept === reading) kept = undefined
      throw error
    })
    kept = reading
    return reading
  }
  /** Runs a change after every earlier write; the chain goes on after a failed one. */
  const inTurn = createSerialQueue()
  /** Keys dropped from memory (expired, past `limit` or `maxBytes`) whose items are still stored. */
  const stale = new Set<string>()
  const fresh = (entry: RecentAnswer<Answer>): boolean => now() - entry.at < keepMs
  /** Each held answer's bytes, measured once. */
  const sizes = new WeakMap<RecentAnswer<Answer>, number>()
  const sizeOf = (entry: RecentAnswer<Answer>): number => {
    const known = sizes.get(entry)
    if (known !== undefined) return known
    const size = jsonBytes(entry)
    sizes.set(entry, size)
    return size
  }
  const originOf = (entry: RecentAnswer<Answer>): string => entry.origin ?? ''
  /** The entries (oldest first) with each origin's newest `limit` only. */
  const withinLimit = (
    entries: Array<[string, RecentAnswer<Answer>]>,
  ): Array<[string, RecentAnswer<Answer>]> => {
    const left = new Map<string, number>()
    for (const [, entry] of entries) left.set(originOf(entry), (left.get(originOf(entry)) ?? 0) + 1)
    return entries.filter(([, entry]) => {
      const count = left.get(originOf(entry)) ?? 0
      if (count <= limit) return true
      left.set(originOf(entry), count - 1)
      return false
    })
  }
  /**
   * The entries (oldest first) within `maxBytes`: while they take more, the oldest rerunnable one
   * of the origin whose rerunnable ones take the most is let go, so an origin that fills the budget
   * lets go of its own first.
   */
  const withinBudget = (
    entries: Array<[string, RecentAnswer<Answer>]>,
  ): Array<[string, RecentAnswer<Answer>]> => {
    let over = entries.reduce((total, [, entry]) => total + sizeOf(entry), 0) - maxBytes
    if (over <= 0) return entries
    /** Each origin's rerunnable entries, oldest first, and the bytes they take. */
    const rerunnable = new Map<string, { queue: Array<RecentAnswer<Answer>>; bytes: number }>()
    for (const [, entry] of entries) {
      if (!entry.rerunnable) continue
      const group = rerunnable.get(originOf(entry)) ?? { queue: [], bytes: 0 }
      group.queue.push(entry)
      group.bytes += sizeOf(entry)
      rerunnable.set(originOf(entry), group)
    }
    const dropped = new Set<RecentAnswer<Answer>>()
    while (over > 0) {
      let heaviest: { queue: Array<RecentAnswer<Answer>>; bytes: number } | undefined
      for (const group of rerunnable.values()) {
        if (group.queue.length > 0 && (!heaviest || group.bytes > heaviest.bytes)) heaviest = group
      }
      const oldest = heaviest?.queue.shift()
      if (!heaviest || !oldest) break
      heaviest.bytes -= sizeOf(oldest)
      over -= sizeOf(oldest)
      dropped.add(oldest)
    }
    return entries.filter(([, entry]) => !dropped.has(entry))
  }

  return {
    /**
     * The answer given to `request` within `keepMs`, if any; throws `-32602` when the answer kept
     * under its key is another request's.
     */
    async recall(request: RequestIdentity): Promise<Answer | undefined> {
      const entry = (await held())[request.requestKey]
      if (!entry || !fresh(entry)) return undefined
      const kept = { requestKey: request.requestKey, requestDigest: entry.requestDigest }
      return isResendOf(request, kept) ? entry.answer : undefined
    },

    /**
     * Keeps `answer` for `request` in one write with `records` (the request's confirmation records,
     * answered): the write holds this answer only. The expired answers, those of its origin past
     * `limit` and the rerunnable ones past `maxBytes` leave memory now and storage at
     * `forgetStale`; a rerunnable answer past `maxAnswerBytes`, or let go for `maxBytes` itself, is
     * not written. One write at a time.
     */
    remember(
      request: RememberedRequest,
      answer: Answer,
      { records = [], rerunnable = false }: RememberOptions = {},
    ): Promise<void> {
      const { requestKey, requestDigest, origin } = request
      return inTurn(async () => {
        const entry: RecentAnswer<Answer> = {
          answer,
          at: now(),
          requestDigest,
          origin,
          ...(rerunnable ? { rerunnable: true } : {}),
        }
        if (rerunnable && sizeOf(entry) > maxAnswerBytes) return
        // Oldest first by when each was given, not in the order the store lists them after a
        // restart (a storage area's own, by key): `limit` drops the oldest, not the newest.
        const entries = Object.entries(await held())
          .filter(([key]) => key !== requestKey)
          .sort(([, a], [, b]) => a.at - b.at)
        entries.push([requestKey, entry])
        const keptEntries = withinBudget(withinLimit(entries.filter(([, each]) => fresh(each))))
        const keys = new Set(keptEntries.map(([key]) => key))
        for (const [key] of entries) if (!keys.has(key)) stale.add(key)
        kept = Promise.resolve(Object.fromEntries(keptEntries))
        if (!keys.has(requestKey)) return
        stale.delete(requestKey)
        await store.write(requestKey, entry, records)
      })
    },

    /**
     * Removes from storage the answers `remember` dropped from memory, in one call: run once the
     * page has its answer, so that the answer's write is the only storage call before it.
     */
    forgetStale(): Promise<void> {
      return inTurn(async () => {
        const keys = [...stale]
        if (keys.length === 0) return
        stale.clear()
        await store.remove(keys)
      })
    },
  }
}

export type RecentAnswers<Answer> = ReturnType<typeof createRecentAnswers<Answer>>
