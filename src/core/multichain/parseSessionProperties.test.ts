import { describe, expect, it } from 'vitest'
import { parseSessionProperties } from './parseSessionProperties.ts'

const now = Date.parse('2026-01-01T00:00:00Z')
const invalid = { code: 5302, message: 'Invalid sessionProperties requested' }

describe('parseSessionProperties', () => {
  it('gives {} when sessionProperties is absent', () => {
    expect(parseSessionProperties(undefined, now)).toEqual({ sessionProperties: {} })
  })

  it('answers 5302 when sessionProperties is {} or not an object', () => {
    for (const value of [{}, null, 'x', 1, ['expiry']]) {
      const result = parseSessionProperties(value, now)
      expect('error' in result && result.error.toJSON()).toEqual(invalid)
    }
  })

  it('keeps a future expiry and drops unknown keys', () => {
    expect(
      parseSessionProperties({ expiry: '2026-06-01T12:00:00.000Z', theme: 'dark' }, now),
    ).toEqual({ sessionProperties: { expiry: '2026-06-01T12:00:00.000Z' } })
  })

  it('gives {} when only unknown keys are present', () => {
    expect(parseSessionProperties({ theme: 'dark' }, now)).toEqual({ sessionProperties: {} })
  })

  it('answers 5302 for an expiry in the past, now, or not ISO-8601', () => {
    for (const expiry of ['2025-12-31T23:59:59Z', '2026-01-01T00:00:00Z', 'tomorrow', 1e15]) {
      const result = parseSessionProperties({ expiry }, now)
      expect('error' in result && result.error.toJSON()).toEqual(invalid)
    }
  })
})
