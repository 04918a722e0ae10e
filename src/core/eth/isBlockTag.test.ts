import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBlockSpecifier, isBlockTag } from './isBlockTag.ts'

describe('isBlockTag / isBlockSpecifier', () => {
  it.each(['latest', 'earliest', 'pending', 'safe', 'finalized'])('%s is a tag', (tag) => {
    expect(isBlockTag(tag)).toBe(true)
    expect(isBlockSpecifier(tag)).toBe(true)
  })

  it.each(['0x0', '0x1', '0x1b4', '0xDEAD'])('%s is a block number', (block) => {
    expect(isBlockTag(block)).toBe(false)
    expect(isBlockSpecifier(block)).toBe(true)
  })

  it.each(['0x', '0x00', '0x01', '100', 'LATEST', 'head', '', 1, null])(
    '%j is neither',
    (value) => {
      expect(isBlockSpecifier(value)).toBe(false)
    },
  )

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof isBlockSpecifier(value)).toBe('boolean')
      }),
      { numRuns: 1000 },
    )
  })
})
