import { describe, expect, it } from 'vitest'
import { hasReadToEnd } from './readToEnd.ts'

describe('hasReadToEnd', () => {
  it('is true for content that fits the box: nothing to scroll', () => {
    expect(hasReadToEnd({ scrollHeight: 400, scrollTop: 0, clientHeight: 500 })).toBe(true)
    expect(hasReadToEnd({ scrollHeight: 500, scrollTop: 0, clientHeight: 500 })).toBe(true)
  })

  it('is false for longer content until it is scrolled to its end (within 2 px)', () => {
    expect(hasReadToEnd({ scrollHeight: 2000, scrollTop: 0, clientHeight: 500 })).toBe(false)
    expect(hasReadToEnd({ scrollHeight: 2000, scrollTop: 1400, clientHeight: 500 })).toBe(false)
    expect(hasReadToEnd({ scrollHeight: 2000, scrollTop: 1498.5, clientHeight: 500 })).toBe(true)
    expect(hasReadToEnd({ scrollHeight: 2000, scrollTop: 1500, clientHeight: 500 })).toBe(true)
  })
})
