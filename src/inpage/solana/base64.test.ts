import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase64, encodeBase64 } from './base64.ts'

describe('base64', () => {
  it('round-trips any bytes as Node encodes them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64(bytes)
        expect(text).toBe(Buffer.from(bytes).toString('base64'))
        expect(decodeBase64(text)).toEqual(bytes)
      }),
    )
  })

  it('refuses a text that is not base64', () => {
    expect(decodeBase64('not base64!')).toBeUndefined()
  })
})
