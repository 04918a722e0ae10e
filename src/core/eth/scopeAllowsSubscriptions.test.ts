import { describe, expect, it } from 'vitest'
import type { NormalizedScope } from '../caip/types.ts'
import { scopeAllowsSubscriptions } from './scopeAllowsSubscriptions.ts'

const account = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const scope = (methods: string[], notifications: string[]): NormalizedScope => ({
  methods,
  notifications,
  accounts: [account],
})

describe('scopeAllowsSubscriptions', () => {
  it('allows subscriptions when eth_subscribe and eth_subscription are both granted', () => {
    const granted = scope(
      ['eth_blockNumber', 'eth_subscribe', 'eth_unsubscribe'],
      ['eth_subscription'],
    )
    expect(scopeAllowsSubscriptions(granted)).toBe(true)
    expect(scopeAllowsSubscriptions(granted, 'eth_subscribe')).toBe(true)
    expect(scopeAllowsSubscriptions(granted, 'eth_unsubscribe')).toBe(true)
  })

  it('refuses when eth_subscription is not among the granted notifications', () => {
    const withoutNotification = scope(['eth_subscribe', 'eth_unsubscribe'], [])
    expect(scopeAllowsSubscriptions(withoutNotification)).toBe(false)
    expect(scopeAllowsSubscriptions(withoutNotification, 'eth_unsubscribe')).toBe(false)
  })

  it('refuses a subscription method that is not granted, even with eth_subscription', () => {
    const notificationOnly = scope(['eth_blockNumber'], ['eth_subscription'])
    expect(scopeAllowsSubscriptions(notificationOnly)).toBe(false)
    expect(scopeAllowsSubscriptions(notificationOnly, 'eth_unsubscribe')).toBe(false)
    expect(scopeAllowsSubscriptions(scope(['eth_unsubscribe'], ['eth_subscription']))).toBe(false)
  })

  it('refuses a scope that is no longer granted', () => {
    expect(scopeAllowsSubscriptions(undefined)).toBe(false)
  })
})
