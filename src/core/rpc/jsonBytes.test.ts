import { describe, expect, it } from 'vitest'
import { jsonBytes } from './jsonBytes.ts'

const encoded = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length

describe('jsonBytes', () => {
  it('counts the UTF-8 bytes of the JSON text, as an encoder does: 1 to 4 bytes a character', () => {
    for (const value of [
      { text: 'hello' },
      { text: 'é' },
      ['€', 'ありがとう'],
      { emoji: '😀🦊' },
    ]) {
      expect(jsonBytes(value)).toBe(encoded(value))
    }
    expect(jsonBytes({ text: 'é' })).toBe(13)
  })

  it("counts the escapes JSON writes (a control character takes 6 bytes), and 0 for what JSON can't write", () => {
    expect(jsonBytes('\u0001')).toBe(8)
    expect(jsonBytes(undefined)).toBe(0)
  })
})
