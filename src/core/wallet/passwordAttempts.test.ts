import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxPasswordDelayMs, passwordDelayMs, passwordWaitMs } from './passwordAttempts.ts'

describe('passwordDelayMs', () => {
  it('lets the first 5 wrong passwords in a row through without a wait', () => {
    expect([0, 1, 2, 3, 4].map(passwordDelayMs)).toEqual([0, 0, 0, 0, 0])
  })

  it('then waits 5 s, doubling with each further wrong one, up to a minute', () => {
    expect([5, 6, 7, 8, 9, 10, 50].map(passwordDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ])
  })

  it('never shortens as wrong passwords add up, and never exceeds a minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (failures) => {
        expect(passwordDelayMs(failures + 1)).toBeGreaterThanOrEqual(passwordDelayMs(failures))
        expect(passwordDelayMs(failures)).toBeLessThanOrEqual(maxPasswordDelayMs)
      }),
    )
  })
})

describe('passwordWaitMs', () => {
  it('counts the wait from the latest wrong password', () => {
    const attempts = { failures: 6, lastFailureAt: 100_000 }
    expect(passwordWaitMs(attempts, 100_000)).toBe(10_000)
    expect(passwordWaitMs(attempts, 104_000)).toBe(6_000)
    expect(passwordWaitMs(attempts, 110_000)).toBe(0)
    expect(passwordWaitMs(undefined, 0)).toBe(0)
  })
})
