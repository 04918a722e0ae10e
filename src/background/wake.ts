import type { MultichainEngine, SubscriptionOwner } from '../core/multichain/ports.ts'

/** How long a page that owned subscriptions before a worker restart has to reconnect. */
const defaultReconnectWindowMs = 15_000

export type WakeDependencies = {
  /** Ends the sessions whose expiry passed while no worker ran (and schedules the next one). */
  expireSessions(): Promise<void>
  /** Locks the wallet if its auto-lock time passed meanwhile. */
  checkAutoLock(): Promise<void>
  nodes: { restore(): Promise<void>; owners(): SubscriptionOwner[] }
  connections: { has(connection: string): boolean }
  engine: Pick<MultichainEngine, 'connectionClosed'>
  /** Broadcasts again what was signed but maybe not sent before the previous worker stopped. */
  resumeBroadcasts(): Promise<void>
  /** Deletes the answered approvals and confirmations nobody claimed in time (DESIGN §6). */
  sweepUnclaimed(): Promise<void>
  /** Overrides how long pages have to reconnect (tests). */
  reconnectWindowMs?: number
}

/**
 * What a starting worker does once (DESIGN §6): ends what expired meanwhile, subscribes the previous
 * worker's subscriptions again, broadcasts again the transactions signed but maybe not sent, then
 * deletes the answers nobody claimed in time and, after the pages have had time to reconnect, ends
 * the subscriptions of those that did not come back.
 */
export async function wake(deps: WakeDependencies): Promise<void> {
  await Promise.all([
    deps.expireSessions(),
    deps.checkAutoLock(),
    deps.nodes.restore(),
    // A signed transaction is sent again before its record may go.
    deps.resumeBroadcasts().then(deps.sweepUnclaimed),
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
