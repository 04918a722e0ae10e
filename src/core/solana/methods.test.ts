import { describe, expect, it } from 'vitest'
import { nodeMethods } from '../eth/methods.ts'
import {
  isSolanaEndpointMethod,
  solanaNodeMethods,
  solanaNotificationMethods,
  solanaSubscribeMethods,
  solanaUnsubscribeMethods,
} from './methods.ts'

const remote = { localNode: false }
const local = { localNode: true }

describe('the Solana endpoint allow-list', () => {
  it('allows the standard HTTP methods over HTTP and WebSocket', () => {
    for (const method of solanaNodeMethods) {
      expect(isSolanaEndpointMethod(method, 'http', remote)).toBe(true)
      expect(isSolanaEndpointMethod(method, 'ws', remote)).toBe(true)
    }
  })

  it('allows requestAirdrop only in front of a local node', () => {
    expect(isSolanaEndpointMethod('requestAirdrop', 'http', remote)).toBe(false)
    expect(isSolanaEndpointMethod('requestAirdrop', 'http', local)).toBe(true)
  })

  it('allows the five subscriptions and their unsubscribes over WebSocket only', () => {
    expect(solanaSubscribeMethods).toEqual([
      'accountSubscribe',
      'logsSubscribe',
      'programSubscribe',
      'signatureSubscribe',
      'slotSubscribe',
    ])
    expect(solanaNotificationMethods).toContain('signatureNotification')
    for (const method of [...solanaSubscribeMethods, ...solanaUnsubscribeMethods]) {
      expect(isSolanaEndpointMethod(method, 'ws', remote)).toBe(true)
      expect(isSolanaEndpointMethod(method, 'http', local)).toBe(false)
    }
  })

  it('refuses EVM methods and a node’s own namespace', () => {
    for (const method of [...nodeMethods, 'surfnet_setAccount', 'getLargestAccounts']) {
      expect(isSolanaEndpointMethod(method, 'ws', local)).toBe(false)
    }
  })
})
