import { describe, expect, it } from 'vitest'
import { measured, pairedRatios, roundOrder } from './pairedRounds.ts'

describe('roundOrder', () => {
  it('rotates three sides by one place a round, so each runs once in each place every three rounds', () => {
    const sides = ['aperture', 'floor', 'reactFloor'] as const

    const orders = [0, 1, 2, 3].map((index) => roundOrder(sides, index))

    expect(orders).toEqual([
      ['aperture', 'floor', 'reactFloor'],
      ['floor', 'reactFloor', 'aperture'],
      ['reactFloor', 'aperture', 'floor'],
      ['aperture', 'floor', 'reactFloor'],
    ])
  })

  it('swaps two sides every round', () => {
    expect([0, 1, 2].map((index) => roundOrder(['a', 'b'], index))).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
    ])
  })
})

describe('pairedRatios', () => {
  it('divides each round by the same round of the other side', () => {
    expect(pairedRatios([200, 150, 90], [100, 100, 60])).toEqual([2, 1.5, 1.5])
  })

  it('skips a round where either side was not measured, instead of giving NaN', () => {
    expect(pairedRatios([200, Number.NaN, 90, 80], [100, 100, Number.NaN])).toEqual([2])
  })
})

describe('measured', () => {
  it('leaves out the rounds whose stamp did not arrive', () => {
    expect(measured([12, Number.NaN, 30])).toEqual([12, 30])
  })
})
