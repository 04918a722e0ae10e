import { isObject } from '@metamask/utils'
import { isResendOf, type RequestIdentity } from '../protocol/requestIdentity.ts'
import type { ConfirmationRecord } from './createConfirmations.ts'
import { walletReplayedMethods } from './namespaces.ts'

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
 * One remembered answer, when it was given (ms since the epoch), and what its request asked
 * (`requestDigestOf`): only a re-send asking the same gets it.
 */
export type RecentAnswer<Answer> = { answer: Answer; at: number; requestDigest: string }

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
  /** At most this many answers are kept (the oldest go first). */
  limit: number
}

/**
 * The answers recently given to page requests, by request key (`<connection>/<id>`), kept where
 * they outlive the worker: a request re-sent after a restart gets the same answer again instead
 * of being run twice. Another request under a kept key is refused `-32602` (`isResendOf`): it gets
 * neither the kept answer nor a run of its own while the key is taken. They are read once per
 * worker (again at the next use if that read failed) and held in memory: remembering one is one
 * write, recalling one none.
 *
 * @example
 * const answers = createRecentAnswers({ store, now: Date.now, keepMs: 60_000, limit: 100 })
 * await answers.remember({ requestKey: 'c0ffee/3', requestDigest }, response)
 * await answers.recall({ requestKey: 'c0ffee/3', requestDigest }) // response
 */
export function createRecentAnswers<Answer>({
  store,
  now,
  keepMs,
  limit,
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
  let writes: Promise<void> = Promise.resolve()
  /** Runs `change` after every earlier write; the chain goes on after a failed one. */
  const inTurn = (change: () => Promise<void>): Promise<void> => {
    const next = writes.then(change)
    writes = next.then(
      () => undefined,
      () => undefined,
    )
    return next
  }
  /** Keys dropped from memory (expired, or past `limit`) whose items are still stored. */
  const stale = new Set<string>()
  const fresh = (entry: RecentAnswer<Answer>): boolean => now() - entry.at < keepMs

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
     * answered): the write holds this answer only. The expired answers and those past `limit` leave
     * memory now and storage at `forgetStale`. One write at a time.
     */
    remember(
      request: RequestIdentity,
      answer: Answer,
      records: readonly ConfirmationRecord[] = [],
    ): Promise<void> {
      const { requestKey, requestDigest } = request
      return inTurn(async () => {
        const entry = { answer, at: now(), requestDigest }
        // Oldest first by when each was given, not in the order the store lists them after a
        // restart (a storage area's own, by key): `limit` drops the oldest, not the newest.
        const entries = Object.entries(await held())
          .filter(([key]) => key !== requestKey)
          .sort(([, a], [, b]) => a.at - b.at)
        entries.push([requestKey, entry])
        const keptEntries = entries.filter(([, each]) => fresh(each)).slice(-limit)
        const keys = new Set(keptEntries.map(([key]) => key))
        for (const [key] of entries) if (!keys.has(key)) stale.add(key)
        stale.delete(requestKey)
        kept = Promise.resolve(Object.fromEntries(keptEntries))
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
