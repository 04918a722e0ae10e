import { getBase58Decoder, isAddress, isSignature } from '@solana/kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { base58ByteLength, isBase58PublicKey, isBase58Signature } from './base58ByteLength.ts'

const base58 = getBase58Decoder()
const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

describe('base58ByteLength', () => {
  it('gives the byte length of what base58 encodes, leading zero bytes included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base58ByteLength(base58.decode(bytes), 64)).toBe(bytes.length)
      }),
    )
  })

  it('refuses characters outside the alphabet and values longer than the maximum', () => {
    for (const text of ['0', 'O', 'I', 'l', '+', 'é', ' 1']) {
      expect(base58ByteLength(text, 32)).toBeUndefined()
    }
    expect(base58ByteLength(base58.decode(new Uint8Array(33).fill(255)), 32)).toBeUndefined()
    expect(base58ByteLength('1'.repeat(33), 32)).toBeUndefined()
  })

  it('agrees with @solana/kit on public keys and signatures, whatever the text', () => {
    const near = fc.oneof(
      fc.string({ unit: fc.constantFrom(...alphabet), minLength: 28, maxLength: 92 }),
      fc.uint8Array({ minLength: 30, maxLength: 66 }).map((bytes) => base58.decode(bytes)),
      fc.string(),
    )
    fc.assert(
      fc.property(near, (text) => {
        expect(isBase58PublicKey(text)).toBe(isAddress(text))
        expect(isBase58Signature(text)).toBe(isSignature(text))
      }),
      { numRuns: 2000 },
    )
  })
})
