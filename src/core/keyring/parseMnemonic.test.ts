import { describe, expect, it } from 'vitest'
import { WalletError } from '../rpc/errors.ts'
import { createMnemonic } from './createMnemonic.ts'
import { parseMnemonic } from './parseMnemonic.ts'

const testMnemonic = 'test test test test test test test test test test test junk'

describe('parseMnemonic', () => {
  it('accepts the anvil test mnemonic as is', () => {
    expect(parseMnemonic(testMnemonic)).toBe(testMnemonic)
  })

  it('normalizes case and surrounding, repeated and line-break whitespace', () => {
    expect(parseMnemonic(`  Test TEST test\ntest test  test test test test test test\tjunk `)).toBe(
      testMnemonic,
    )
  })

  it('rejects a phrase with the wrong number of words', () => {
    expect(() => parseMnemonic('test test test')).toThrow(/expected 12, 15, 18, 21 or 24 words/)
  })

  it('rejects words outside the BIP-39 English list, naming them', () => {
    expect(() => parseMnemonic(testMnemonic.replace('junk', 'junkk'))).toThrow(/junkk/)
  })

  it('rejects a phrase whose checksum does not match', () => {
    const error = (() => {
      try {
        parseMnemonic(testMnemonic.replace('junk', 'test'))
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(WalletError)
    expect((error as WalletError).code).toBe('invalid_mnemonic')
  })

  it('accepts every freshly created mnemonic', () => {
    for (let i = 0; i < 20; i += 1) {
      const mnemonic = createMnemonic()
      expect(mnemonic.split(' ')).toHaveLength(12)
      expect(parseMnemonic(mnemonic)).toBe(mnemonic)
    }
  })
})
