import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeScopes } from './normalizeScopes.ts'
import { scopesArb } from './testing/arbitraries.ts'
import { validateScopes } from './validateScopes.ts'

const runs = { numRuns: 1000 }
describe('caip properties', () => {
  it('validateScopes never throws on arbitrary JSON and reports problems with paths', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), scopesArb), (value) => {
        const { problems, scopes } = validateScopes(value, 'requiredScopes')
        for (const problem of problems) {
          expect(problem.path.startsWith('requiredScopes')).toBe(true)
          expect(problem.message).not.toBe('')
        }
        if (problems.length === 0) expect(Object.keys(scopes)).toEqual(Object.keys(value as object))
      }),
      runs,
    )
  })

  it('normalization is idempotent', () => {
    fc.assert(
      fc.property(scopesArb, (scopes) => {
        const once = normalizeScopes(validateScopes(scopes, 'scopes').scopes)
        expect(validateScopes(once, 'scopes').problems).toEqual([])
        expect(normalizeScopes(once)).toEqual(once)
      }),
      runs,
    )
  })
})
