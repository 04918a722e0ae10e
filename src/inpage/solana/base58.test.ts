import { getBase58Codec } from '@solana/kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from './base58.ts'

const kit = getBase58Codec()

describe('decodeBase58', () => {
  it('decodes a Solana address to its 32-byte public key', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    const key = decodeBase58('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(key).toHaveLength(32)
    expect(key).toEqual(Uint8Array.from(kit.encode('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')))
  })

  it('agrees with @solana/kit for any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase58(kit.decode(bytes))).toEqual(bytes)
      }),
    )
  })

  it('refuses a character outside the alphabet', () => {
    expect(decodeBase58('0OIl')).toBeUndefined()
    expect(decodeBase58('abc+')).toBeUndefined()
  })
})
