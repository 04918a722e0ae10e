import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isResendOf, matchResend, requestDigestOf, requestIdentityOf } from './requestIdentity.ts'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hello = ['0x68656c6c6f', account]
const permit = {
  types: { EIP712Domain: [{ name: 'name', type: 'string' }] },
  primaryType: 'EIP712Domain',
  domain: { name: 'USD Coin' },
  message: {},
}

describe('requestDigestOf', () => {
  it('is the SHA-256 of the request as 64 hex digits', () => {
    expect(requestDigestOf('personal_sign', hello)).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('is the same for two copies of one request, whatever order their members were written in', () => {
    const first = { scope: 'eip155:1', request: { method: 'personal_sign', params: hello } }
    const second = { request: { params: hello, method: 'personal_sign' }, scope: 'eip155:1' }
    expect(requestDigestOf('wallet_invokeMethod', first)).toBe(
      requestDigestOf('wallet_invokeMethod', second),
    )
  })

  it('differs when the method differs, even with the same params', () => {
    expect(requestDigestOf('personal_sign', hello)).not.toBe(
      requestDigestOf('eth_signTypedData_v4', hello),
    )
  })

  it('differs when anything in the params differs', () => {
    const signTypedData = (typedData: object) =>
      requestDigestOf('eth_signTypedData_v4', [account, JSON.stringify(typedData)])
    expect(signTypedData(permit)).not.toBe(signTypedData({ ...permit, domain: { name: 'Tether' } }))
    expect(requestDigestOf('personal_sign', hello)).not.toBe(
      requestDigestOf('personal_sign', ['0x68656c6c6f21', account]),
    )
  })

  it('reads absent params as null, as JSON-RPC does', () => {
    expect(requestDigestOf('wallet_getSession', undefined)).toBe(
      requestDigestOf('wallet_getSession', null),
    )
  })

  it('never throws, whatever a structured-cloned message carries (cycles, bigints, depth)', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    let deep: unknown = []
    for (let level = 0; level < 100_000; level += 1) deep = [deep]
    for (const params of [cycle, deep, [10n], { at: new Date(0) }]) {
      expect(requestDigestOf('personal_sign', params)).toMatch(/^0x[0-9a-f]{64}$/)
    }
    fc.assert(
      fc.property(fc.string(), fc.anything({ withBigInt: true }), (method, params) => {
        expect(requestDigestOf(method, params)).toMatch(/^0x[0-9a-f]{64}$/)
      }),
    )
  })
})

describe('requestIdentityOf', () => {
  it("is the request's key on its connection and the digest of what it asks", () => {
    expect(requestIdentityOf('c0ffee', 77, 'personal_sign', hello)).toEqual({
      requestKey: 'c0ffee/77',
      requestDigest: requestDigestOf('personal_sign', hello),
    })
  })
})

describe('matchResend', () => {
  const recorded = requestIdentityOf('c0ffee', 77, 'personal_sign', hello)

  it('tells another request, the same request, and another request under the same key apart', () => {
    expect(matchResend(requestIdentityOf('c0ffee', 78, 'personal_sign', hello), recorded)).toBe(
      'another',
    )
    expect(matchResend(requestIdentityOf('c0ffee', 77, 'personal_sign', hello), recorded)).toBe(
      'same',
    )
    expect(matchResend(requestIdentityOf('c0ffee', 77, 'eth_sign', hello), recorded)).toBe(
      'refused',
    )
  })
})

describe('isResendOf', () => {
  const recorded = requestIdentityOf('c0ffee', 77, 'personal_sign', hello)

  it('is false for a request under another key', () => {
    expect(isResendOf(requestIdentityOf('c0ffee', 78, 'personal_sign', hello), recorded)).toBe(
      false,
    )
    expect(isResendOf(requestIdentityOf('decade', 77, 'personal_sign', hello), recorded)).toBe(
      false,
    )
  })

  it('is true for the same request re-sent under its key', () => {
    expect(isResendOf(requestIdentityOf('c0ffee', 77, 'personal_sign', hello), recorded)).toBe(true)
  })

  it('refuses -32602 another request sent under the same key', () => {
    const swapped = requestIdentityOf('c0ffee', 77, 'eth_signTypedData_v4', [
      account,
      JSON.stringify(permit),
    ])
    expect(() => isResendOf(swapped, recorded)).toThrow(
      expect.objectContaining({
        code: -32602,
        message: expect.stringContaining('a re-sent request must repeat the request it re-sends'),
      }),
    )
  })

  it('refuses a re-send of a record that kept no digest', () => {
    expect(() =>
      isResendOf(recorded, { requestKey: recorded.requestKey, requestDigest: undefined }),
    ).toThrow(expect.objectContaining({ code: -32602 }))
  })
})
