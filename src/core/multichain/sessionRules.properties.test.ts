import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeScopes } from '../caip/normalizeScopes.ts'
import { capabilitiesArb, createSessionParamsArb, scopesArb } from '../caip/testing/arbitraries.ts'
import type { ChainId, NormalizedScopes } from '../caip/types.ts'
import { validateScopes } from '../caip/validateScopes.ts'
import { computeGrant } from './computeGrant.ts'
import { parseCreateSessionParams } from './parseCreateSessionParams.ts'
import type { WalletCapabilities } from './ports.ts'

const runs = { numRuns: 1000 }
const now = Date.parse('2026-01-01T00:00:00Z')

/** Normalized scopes built from whatever part of an arbitrary scopes map is valid. */
const validNormalizedArb = scopesArb.map((scopes) =>
  normalizeScopes(validateScopes(scopes, 'scopes').scopes),
)

describe('session rules properties', () => {
  it('parseCreateSessionParams never throws and answers a request or a -32602/5302 error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), createSessionParamsArb), (params) => {
        const result = parseCreateSessionParams(params, now)
        if ('error' in result) {
          expect([-32602, 5302]).toContain(result.error.code)
          if (result.error.code === -32602) {
            expect(result.error.toJSON()).toMatchObject({ data: { problems: expect.any(Array) } })
          }
        } else {
          expect(Object.keys(result.request).sort()).toEqual([
            'optionalScopes',
            'requiredScopes',
            'sessionProperties',
          ])
        }
      }),
      runs,
    )
  })

  it('a grant is a subset of the capabilities and of the request (named, or the standard set for an empty list)', () => {
    const requested = (scopes: NormalizedScopes[], chainId: ChainId) =>
      scopes.flatMap((each) => (Object.hasOwn(each, chainId) ? [each[chainId]] : []))
    fc.assert(
      fc.property(
        validNormalizedArb,
        validNormalizedArb,
        capabilitiesArb,
        (requiredScopes, optionalScopes, capabilities: WalletCapabilities) => {
          const result = computeGrant({ requiredScopes, optionalScopes, capabilities })
          if ('error' in result) {
            expect([5100, 5101, 5102]).toContain(result.error.code)
            return
          }
          expect(result.chains.length).toBeGreaterThan(0)
          for (const chain of result.chains) {
            const supported = capabilities.chains[chain.chainId]
            const asked = requested([requiredScopes, optionalScopes], chain.chainId)
            expect(supported).toBeDefined()
            expect(asked.length).toBeGreaterThan(0)
            // Named, or asked for as the chain's standard set by an empty list (`methods: []`).
            for (const method of chain.methods) {
              expect(supported?.methods).toContain(method)
              expect(
                asked.some(
                  (scope) => scope?.methods.length === 0 || scope?.methods.includes(method),
                ),
              ).toBe(true)
            }
            for (const name of chain.notifications) {
              expect(supported?.notifications).toContain(name)
              expect(
                asked.some(
                  (scope) =>
                    scope?.notifications.length === 0 || scope?.notifications.includes(name),
                ),
              ).toBe(true)
            }
          }
          for (const chainId of Object.keys(requiredScopes)) {
            expect(result.chains.some((chain) => chain.chainId === chainId && chain.required)).toBe(
              true,
            )
          }
        },
      ),
      runs,
    )
  })
})
