import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isTransactionIndex } from './isTransactionIndex.ts'

describe('isTransactionIndex', () => {
  it.each(['0x0', '0x1', '0xa', '0x1f', '0x10', '0xff0'])('accepts %s', (index) => {
    expect(isTransactionIndex(index)).toBe(true)
  })

  it.each(['0x', '0x00', '0x01', '0xA', '0X1', '1', '0x-1', '0xg', ' 0x1', 1, null, undefined])(
    'rejects %j',
    (index) => {
      expect(isTransactionIndex(index)).toBe(false)
    },
  )

  it('matches exactly ^0x([1-9a-f]+[0-9a-f]*|0)$ on arbitrary strings', () => {
    const pattern = /^0x([1-9a-f]+[0-9a-f]*|0)$/
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^0x[0-9a-fA-F]{0,4}$/)), (value) => {
        expect(isTransactionIndex(value)).toBe(pattern.test(value))
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof isTransactionIndex(value)).toBe('boolean')
      }),
      { numRuns: 1000 },
    )
  })
})
