import type { MultichainEngine, SubscriptionOwner } from '../core/multichain/ports.ts'

/** How long a page that owned subscriptions before a worker restart has to reconnect. */
const defaultReconnectWindowMs = 15_000

/**
 * How long the work a starting worker does for the one before it waits: the request that woke the
 * worker goes first, its storage calls not queued behind that work's (issue 36, cold start).
 */
const defaultCatchUpDelayMs = 1_000

export type WakeDependencies = {
  /** Ends the sessions whose expiry passed while no worker ran (and schedules the next one). */
  expireSessions(): Promise<void>
  /** Locks the wallet if its auto-lock time passed meanwhile. */
  checkAutoLock(): Promise<void>
  nodes: { restore(): Promise<void>; owners(): SubscriptionOwner[] }
  connections: { has(connection: string): boolean }
  engine: Pick<MultichainEngine, 'connectionClosed' | 'dropUnavailableChains'>
  /** Broadcasts again what was signed but maybe not sent before the previous worker stopped. */
  resumeBroadcasts(): Promise<void>
  /**
   * Runs again the wallet's own requests the previous worker kept whose confirmation is still
   * there (claiming it); resolves once they are started.
   */
  resumeOwnRequests(): Promise<void>
  /** Deletes the answered approvals and confirmations nobody claimed in time (DESIGN §6). */
  sweepUnclaimed(): Promise<void>
  /** Fetches the lists whose update is due (only with their update setting on). */
  updateLists(): Promise<void>
  /** Overrides how long the catch-up waits (tests). */
  catchUpDelayMs?: number
  /** Overrides how long pages have to reconnect (tests). */
  reconnectWindowMs?: number
}

/**
 * What a starting worker does once (DESIGN §6). At once, only what a request may depend on: the
 * wallet locks if its auto-lock time passed meanwhile, so nothing is shown or signed with keys whose
 * time is up. The catch-up for the time no worker ran waits a moment (`catchUpDelayMs`), so the
 * request that woke the worker is answered first: it ends what expired meanwhile (a request applies
 * a session's expiry itself), drops from the sessions the chains whose network is gone (as when
 * the networks change), subscribes the previous worker's subscriptions again, broadcasts
 * again the transactions signed but maybe not sent, runs again the wallet's own requests whose
 * confirmation is there (their popup is gone), then deletes the answers nobody claimed in time
 * (a re-sent request reaches its record without them), and fetches the lists that are due; after
 * the pages have had time to reconnect, it ends the subscriptions of those that did not come back.
 */
export async function wake(deps: WakeDependencies): Promise<void> {
  const locked = deps.checkAutoLock()
  await new Promise((resolve) => setTimeout(resolve, deps.catchUpDelayMs ?? defaultCatchUpDelayMs))
  await Promise.all([
    locked,
    deps.expireSessions(),
    // A network gone before the previous worker had told the sessions on it (the pages learn it).
    deps.engine.dropUnavailableChains(),
    deps.nodes.restore(),
    // A signed transaction is sent again, and a record the wallet's own request comes back for is
    // claimed, before an unclaimed record may go.
    deps.resumeBroadcasts().then(deps.resumeOwnRequests).then(deps.sweepUnclaimed),
    deps.updateLists(),
  ])
  setTimeout(() => {
    for (const owner of deps.nodes.owners()) {
      if (deps.connections.has(owner.connection)) continue
      deps.engine.connectionClosed(owner.connection, owner.origin).catch((error: unknown) => {
        console.error('Aperture: ending subscriptions of a page that did not come back', error)
      })
    }
  }, deps.reconnectWindowMs ?? defaultReconnectWindowMs)
}
