import { describe, expect, it } from 'vitest'
import {
  isEndpointMethod,
  nodeMethods,
  signingMethods,
  walletScopeMethods,
  walletScopeNotifications,
} from './methods.ts'

describe('node methods', () => {
  it('grants a wallet scope the DESIGN §4 read list, eth_subscribe/eth_unsubscribe and signing', () => {
    expect(nodeMethods).toHaveLength(30)
    expect(walletScopeMethods).toEqual([
      ...nodeMethods,
      'eth_subscribe',
      'eth_unsubscribe',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'eth_accounts',
    ])
    expect(walletScopeNotifications).toEqual(['eth_subscription'])
  })

  it('allows every wallet node method on the endpoint over HTTP and WebSocket', () => {
    for (const method of nodeMethods) {
      expect(isEndpointMethod(method, 'http')).toBe(true)
      expect(isEndpointMethod(method, 'ws')).toBe(true)
    }
  })

  it('never forwards a signing method to the endpoint', () => {
    for (const method of signingMethods) {
      expect(isEndpointMethod(method, 'http')).toBe(false)
      expect(isEndpointMethod(method, 'ws')).toBe(false)
    }
  })

  it('allows eth_subscribe and eth_unsubscribe over WebSocket only', () => {
    for (const method of ['eth_subscribe', 'eth_unsubscribe']) {
      expect(isEndpointMethod(method, 'ws')).toBe(true)
      expect(isEndpointMethod(method, 'http')).toBe(false)
    }
  })

  it('allows eth_simulateV1 (the wallet previews transactions with it), not as a scope method', () => {
    expect(isEndpointMethod('eth_simulateV1', 'http')).toBe(true)
    expect(isEndpointMethod('eth_simulateV1', 'ws')).toBe(true)
    expect(walletScopeMethods).not.toContain('eth_simulateV1')
  })

  it.each([
    'anvil_mine',
    'anvil_setBalance',
    'evm_mine',
    'evm_snapshot',
    'hardhat_reset',
    'debug_traceTransaction',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_sign',
    'admin_peers',
    'eth_getlogs',
    '',
  ])('refuses %s', (method) => {
    expect(isEndpointMethod(method, 'http')).toBe(false)
    expect(isEndpointMethod(method, 'ws')).toBe(false)
  })
})
