import { describe, expect, it } from 'vitest'
import type { NormalizedScopes } from '../caip/types.ts'
import { computeGrant } from './computeGrant.ts'
import type { WalletCapabilities } from './ports.ts'

const capabilities: WalletCapabilities = {
  chains: {
    'eip155:1': {
      methods: ['eth_call', 'eth_getBalance', 'eth_subscribe'],
      notifications: ['eth_subscription'],
    },
    'eip155:10': { methods: ['eth_call'], notifications: [] },
  },
  accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
}

const scope = (methods: string[], notifications: string[] = []) => ({
  methods,
  notifications,
  accounts: [],
})

const errorOf = (required: NormalizedScopes, optional: NormalizedScopes = {}) => {
  const result = computeGrant({ requiredScopes: required, optionalScopes: optional, capabilities })
  return 'error' in result ? result.error.toJSON() : undefined
}

describe('computeGrant', () => {
  it('answers 5100 for an unsupported required chain', () => {
    expect(errorOf({ 'eip155:137': scope(['eth_call']) })).toEqual({
      code: 5100,
      message: 'Requested networks are not supported',
    })
  })

  it('answers 5100 for a required namespace without a chain', () => {
    expect(errorOf({ eip155: scope(['eth_call']) })?.code).toBe(5100)
  })

  it('answers 5101 for an unsupported required method', () => {
    expect(errorOf({ 'eip155:1': scope(['eth_call', 'eth_sendTransaction']) })).toEqual({
      code: 5101,
      message: 'Requested methods are not supported',
    })
  })

  it('answers 5102 for an unsupported required notification', () => {
    expect(errorOf({ 'eip155:10': scope(['eth_call'], ['eth_subscription']) })).toEqual({
      code: 5102,
      message: 'Requested notifications are not supported',
    })
  })

  it('drops unsupported optional chains, methods and notifications silently', () => {
    expect(
      computeGrant({
        requiredScopes: {},
        optionalScopes: {
          'eip155:137': scope(['eth_call']),
          'eip155:10': scope(['eth_call', 'eth_sign'], ['eth_subscription']),
        },
        capabilities,
      }),
    ).toEqual({
      chains: [{ chainId: 'eip155:10', required: false, methods: ['eth_call'], notifications: [] }],
      requestedScopes: {
        'eip155:10': { methods: ['eth_call', 'eth_sign'], notifications: ['eth_subscription'] },
      },
    })
  })

  it('answers 5100 when nothing supported is left', () => {
    expect(errorOf({}, { 'eip155:137': scope(['eth_call']) })?.code).toBe(5100)
    expect(errorOf({}, {})?.code).toBe(5100)
  })

  it('grants only the requested methods, never more (least privilege)', () => {
    expect(
      computeGrant({
        requiredScopes: { 'eip155:1': scope(['eth_call'], ['eth_subscription']) },
        optionalScopes: {},
        capabilities,
      }),
    ).toEqual({
      chains: [
        {
          chainId: 'eip155:1',
          required: true,
          methods: ['eth_call'],
          notifications: ['eth_subscription'],
        },
      ],
      requestedScopes: {
        'eip155:1': { methods: ['eth_call'], notifications: ['eth_subscription'] },
      },
    })
  })

  it("reads methods: [] and notifications: [] as the chain's standard set, required or optional", () => {
    const standard = capabilities.chains['eip155:1']
    expect(
      computeGrant({
        requiredScopes: { 'eip155:1': scope([]) },
        optionalScopes: { 'eip155:10': scope(['eth_call']) },
        capabilities,
      }),
    ).toEqual({
      chains: [
        { chainId: 'eip155:1', required: true, ...standard },
        { chainId: 'eip155:10', required: false, methods: ['eth_call'], notifications: [] },
      ],
      requestedScopes: {
        'eip155:1': standard,
        'eip155:10': { methods: ['eth_call'], notifications: [] },
      },
    })
  })

  it('keeps least privilege for the list a scope names when the other is empty', () => {
    const result = computeGrant({
      requiredScopes: {},
      optionalScopes: { 'eip155:1': scope([], ['eth_subscription']) },
      capabilities,
    })
    expect(result).toMatchObject({
      chains: [
        { methods: capabilities.chains['eip155:1']?.methods, notifications: ['eth_subscription'] },
      ],
    })
    expect(
      computeGrant({
        requiredScopes: {},
        optionalScopes: { 'eip155:1': scope(['eth_getBalance']) },
        capabilities,
      }),
    ).toMatchObject({
      chains: [{ methods: ['eth_getBalance'], notifications: ['eth_subscription'] }],
    })
  })

  it('keeps a chain required when it is also optional, granting the supported union', () => {
    const result = computeGrant({
      requiredScopes: { 'eip155:1': scope(['eth_call']) },
      optionalScopes: { 'eip155:1': scope(['eth_subscribe', 'eth_sign'], ['eth_subscription']) },
      capabilities,
    })
    expect('chains' in result && result.chains).toEqual([
      {
        chainId: 'eip155:1',
        required: true,
        methods: ['eth_call', 'eth_subscribe'],
        notifications: ['eth_subscription'],
      },
    ])
  })
})
