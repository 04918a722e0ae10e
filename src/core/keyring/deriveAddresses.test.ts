import { describe, expect, it } from 'vitest'
import { deriveAddresses } from './deriveAddresses.ts'

const testMnemonic = 'test test test test test test test test test test test junk'

describe('deriveAddresses', () => {
  it("derives anvil's funded accounts on m/44'/60'/0'/0/i, EIP-55 checksummed", () => {
    expect(deriveAddresses(testMnemonic, 3)).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    ])
  })

  it('derives the same first accounts whatever the count', () => {
    expect(deriveAddresses(testMnemonic, 1)).toEqual(deriveAddresses(testMnemonic, 2).slice(0, 1))
  })
})
