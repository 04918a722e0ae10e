import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exceedsDepth, maxParamsDepth } from './exceedsDepth.ts'

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)

describe('exceedsDepth', () => {
  it('counts each array or object as one level; scalars add none', () => {
    expect(exceedsDepth('0x1', 0)).toBe(false)
    expect(exceedsDepth([], 0)).toBe(true)
    expect(exceedsDepth([{ a: [1] }], 3)).toBe(false)
    expect(exceedsDepth([{ a: [1] }], 2)).toBe(true)
  })

  it('allows the default 64 levels and refuses 65', () => {
    expect(exceedsDepth(nested(maxParamsDepth))).toBe(false)
    expect(exceedsDepth(nested(maxParamsDepth + 1))).toBe(true)
  })

  it('answers for 500,000 levels without exhausting the stack', () => {
    expect(exceedsDepth(nested(500_000))).toBe(true)
  })

  it('never throws on arbitrary JSON and agrees with a recursive depth', () => {
    const depthOf = (value: unknown): number =>
      typeof value === 'object' && value !== null
        ? 1 + Math.max(0, ...Object.values(value).map(depthOf))
        : 0
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(9), (value, limit) => {
        expect(exceedsDepth(value, limit)).toBe(depthOf(value) > limit)
      }),
      { numRuns: 500 },
    )
  })
})
