import { describe, expect, it } from 'vitest'
import { countOf } from './countOf.ts'

describe('countOf', () => {
  it('names one thing in the singular', () => {
    expect(countOf(1, 'method')).toBe('1 method')
    expect(countOf(1, 'notification')).toBe('1 notification')
  })

  it('names none and several in the plural', () => {
    expect(countOf(0, 'notification')).toBe('0 notifications')
    expect(countOf(12, 'method')).toBe('12 methods')
  })

  it('takes an irregular plural', () => {
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries')
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry')
  })
})
