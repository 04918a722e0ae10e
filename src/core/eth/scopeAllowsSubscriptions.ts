import type { NormalizedScope } from '../caip/types.ts'

/** The subscription pair, which needs `eth_subscription` granted besides the method itself. */
export type SubscriptionMethod = 'eth_subscribe' | 'eth_unsubscribe'

/**
 * Whether a granted scope lets `method` run (DESIGN §4): the method is granted and
 * `eth_subscription` is among the scope's notifications. With the default `eth_subscribe`, it says
 * whether the scope can hold subscriptions at all — when an edit takes that away, they end.
 *
 * @example
 * const scope = { methods: ['eth_subscribe'], notifications: ['eth_subscription'], accounts: [] }
 * scopeAllowsSubscriptions(scope) // true
 * scopeAllowsSubscriptions({ ...scope, notifications: [] }) // false
 */
export function scopeAllowsSubscriptions(
  scope: NormalizedScope | undefined,
  method: SubscriptionMethod = 'eth_subscribe',
): boolean {
  if (!scope) return false
  return scope.methods.includes(method) && scope.notifications.includes('eth_subscription')
}
