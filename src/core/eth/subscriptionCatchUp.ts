import { liveOnlyCatchUp, type SubscriptionCatchUp } from '../multichain/namespace.ts'
import type { Json } from '../rpc/types.ts'
import { logsCatchUp } from './logsCatchUp.ts'
import { newHeadsCatchUp } from './newHeadsCatchUp.ts'

const kinds: Readonly<Record<string, SubscriptionCatchUp>> = {
  newHeads: newHeadsCatchUp,
  logs: logsCatchUp,
}

/** The catch-up of `eth_subscribe`'s kind (`params[0]`). */
const catchUpOf = ([kind]: Json[]): SubscriptionCatchUp =>
  typeof kind === 'string' && Object.hasOwn(kinds, kind)
    ? (kinds[kind] ?? liveOnlyCatchUp)
    : liveOnlyCatchUp

/**
 * The `eip155` subscriptions resumed after a worker restart or a dropped socket (DESIGN §4):
 * `newHeads` delivers the blocks mined in between and `logs` their logs, each event once
 * (`newHeadsCatchUp`, `logsCatchUp`); other kinds go on with their live events.
 */
export const subscriptionCatchUp: SubscriptionCatchUp = {
  start: (call, params) => catchUpOf(params).start(call, params),
  admit: (params, cursor, event) => catchUpOf(params).admit(params, cursor, event),
  catchUp: (call, params, cursor) => catchUpOf(params).catchUp(call, params, cursor),
}
