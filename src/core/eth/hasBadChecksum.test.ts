import fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { hasBadChecksum } from './hasBadChecksum.ts'

const checksummed = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('hasBadChecksum', () => {
  it('is true for a mixed-case address whose capitals do not match EIP-55', () => {
    expect(hasBadChecksum('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc')).toBe(true)
  })

  it('is false for the EIP-55 form, all-lowercase and all-uppercase', () => {
    expect(hasBadChecksum(checksummed)).toBe(false)
    expect(hasBadChecksum(checksummed.toLowerCase())).toBe(false)
    expect(hasBadChecksum(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(false)
  })

  it('is false for what is not an address at all', () => {
    expect(hasBadChecksum('0x1234')).toBe(false)
    expect(hasBadChecksum('not an address')).toBe(false)
  })

  it('never flags an address in its EIP-55 form, and flags it with one letter flipped', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = getAddress(`0x${Buffer.from(bytes).toString('hex')}`)
        expect(hasBadChecksum(address)).toBe(false)
        const letter = address.slice(2).search(/[a-fA-F]/)
        const digits = address.slice(2)
        const mixed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
        if (letter < 0 || !mixed) return
        const at = letter + 2
        const char = address[at] ?? ''
        const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
        const altered = `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`
        const stillMixed =
          altered.slice(2) !== altered.slice(2).toLowerCase() &&
          altered.slice(2) !== altered.slice(2).toUpperCase()
        expect(hasBadChecksum(altered)).toBe(stillMixed)
      }),
    )
  })
})
