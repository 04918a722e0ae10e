import { isResendOf, matchResend, type RequestIdentity } from '../protocol/requestIdentity.ts'
import { resentRequestDiffers } from '../rpc/errors.ts'
import type { Confirmations } from './createConfirmations.ts'
import { walletOrigin } from './walletOrigin.ts'

/**
 * One of the wallet's own requests (DESIGN §9: the owner's send, a revoke, a speed-up or a cancel)
 * as the worker keeps it while it runs: the identity of its confirmation and what to call again —
 * the action (`aperture_send`, `aperture_revoke`, `aperture_replace`) and the params it was called
 * with, its request id among them, so that a second run has the same identity.
 */
export type OwnRequest = RequestIdentity & {
  method: 'aperture_send' | 'aperture_revoke' | 'aperture_replace'
  params: unknown
}

/**
 * Runs `work`, the whole of one of the wallet's own requests (checks, confirmation, signing,
 * sending, release), with `request` kept until it settles; a second call for a request running in
 * this worker joins it.
 */
export type CarryOwnRequest = <Result>(
  request: OwnRequest,
  work: () => Promise<Result>,
) => Promise<Result>

/**
 * What the worker holds of one of the wallet's own requests, by its identity (`status`): asked by
 * its popup when the answer to it was lost, to tell a request the worker has from one it never
 * received. `running`: in this worker. `waiting`, `approved`, `rejected`: kept by a stopped worker
 * with its confirmation record still there, unanswered or answered so (this worker runs it again:
 * `resume`). `unknown`: nothing — never received, kept by a worker that stopped before its window
 * opened (forgotten, never run), or settled and released already.
 */
export type OwnRequestStatus = 'running' | 'waiting' | 'approved' | 'rejected' | 'unknown'

/** Where the wallet's own requests under way are kept. Must outlive the worker (`storage.session`). */
export type OwnRequestStore = {
  list(): Promise<OwnRequest[]>
  write(request: OwnRequest): Promise<void>
  remove(requestKey: string): Promise<void>
}

export type CreateOwnRequestsParameters = {
  store: OwnRequestStore
  /**
   * The confirmation queue: a kept request runs again only while its record is there, and the
   * record of one that fails is withdrawn.
   */
  confirmations: Pick<Confirmations, 'claim' | 'withdraw' | 'resent'>
  /** Runs a kept request again from its action and params (`runOwnRequest`). */
  run(request: OwnRequest): Promise<unknown>
  /** Told when a request run again fails (nobody else hears of it: its popup is gone). */
  failed(request: OwnRequest, error: unknown): void
}

/**
 * The wallet's own requests across worker stops (DESIGN §6, §9). A dapp's request survives a stop
 * because its page sends it again; the wallet's own come from the toolbar popup, which closes as
 * soon as the confirmation window takes focus, so the worker carries them itself:
 *
 * - `carry` keeps the request (action, params, identity) before it runs — before its confirmation
 *   opens — and forgets it once it settled, after its confirmation was released.
 * - `resume`, when a worker starts, runs every kept request again whose confirmation record is
 *   still there (waiting, or answered while no worker ran) and claims that record so it does not
 *   expire meanwhile; a run that fails (its checks refuse it now) withdraws the record, so the
 *   window shows nothing that will not happen. The run re-attaches to the record (same identity) and signs what the window
 *   showed; a record that already holds a signed transaction is sent again as those bytes, never
 *   signed twice (`sendTransaction`, `signTransaction`). A kept request without a record (released
 *   already, or never shown) is forgotten, never run: nothing opens a window the user did not ask
 *   for in this worker.
 * - A request running in this worker is run once: a second `carry` of it joins the first (the same
 *   answer), and one that differs under its key is refused `-32602`, as a page's re-send is.
 * - `status` says what the worker holds of a request, for its popup whose answer was lost: one held
 *   goes on (and says so), one not held will not happen.
 *
 * @example
 * const own = createOwnRequests({ store, confirmations, run: (request) => runOwnRequest(ports, request), failed })
 * await own.carry({ ...identity, method: 'aperture_send', params: { requestId, draft } }, () => send())
 * await own.resume() // in a new worker
 */
export function createOwnRequests({
  store,
  confirmations,
  run,
  failed,
}: CreateOwnRequestsParameters) {
  const running = new Map<string, { request: OwnRequest; settled: Promise<unknown> }>()

  const carry: CarryOwnRequest = <Result>(
    request: OwnRequest,
    work: () => Promise<Result>,
  ): Promise<Result> => {
    const current = running.get(request.requestKey)
    if (current) {
      if (matchResend(request, current.request) !== 'same') {
        return Promise.reject(resentRequestDiffers())
      }
      // The same key and digest is the same action and params: it settles with the same result.
      return current.settled as Promise<Result>
    }
    const settled = (async () => {
      try {
        await store.write(request)
        return await work()
      } finally {
        running.delete(request.requestKey)
        await store.remove(request.requestKey)
      }
    })()
    running.set(request.requestKey, { request, settled })
    return settled
  }

  /**
   * Runs a kept request again; its action carries it again from its first check on. One that fails
   * (a check refused it now) withdraws its confirmation: the window must not show, and an Approve
   * must not wait on, a request that will not go ahead. One that settled released it already.
   */
  const runAgain = async (request: OwnRequest): Promise<void> => {
    try {
      await run(request)
    } catch (error) {
      await confirmations.withdraw(walletOrigin, request)
      failed(request, error)
    }
    // One that failed before its action carried it (a check refused it) is forgotten here.
    if (!running.has(request.requestKey)) await store.remove(request.requestKey)
  }

  return {
    carry,

    /**
     * What this worker holds of `request` (`OwnRequestStatus`): running here, or kept by a stopped
     * worker with its confirmation record there, as `resume` would run it again (a record that
     * expired unclaimed is none); `-32602` when another request is kept under its key.
     */
    async status(request: RequestIdentity): Promise<OwnRequestStatus> {
      const current = running.get(request.requestKey)
      if (current && isResendOf(request, current.request)) return 'running'
      const kept = (await store.list()).some((candidate) => isResendOf(request, candidate))
      if (!kept) return 'unknown'
      const record = await confirmations.resent({ origin: walletOrigin, ...request })
      if (!record) return 'unknown'
      if (!record.result) return 'waiting'
      return record.result.approved ? 'approved' : 'rejected'
    },

    /**
     * Runs again the requests a stopped worker kept whose confirmation is still there; forgets the
     * others. Resolves once each is claimed and started, not when it settles (it may wait for the
     * user).
     */
    async resume(): Promise<void> {
      for (const request of await store.list()) {
        if (running.has(request.requestKey)) continue
        if (!(await confirmations.claim(walletOrigin, request))) {
          await store.remove(request.requestKey)
          continue
        }
        runAgain(request).catch((error: unknown) => failed(request, error))
      }
    },
  }
}

export type OwnRequests = ReturnType<typeof createOwnRequests>
