import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WalletError } from '../rpc/errors.ts'
import {
  accountNames,
  defaultAccountName,
  maxAccountNameLength,
  parseAccountName,
} from './accountNames.ts'

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('accountNames', () => {
  it('names an account the user has not renamed "Account N", N its position from 1', () => {
    expect(accountNames([first, second], {})).toEqual(['Account 1', 'Account 2'])
    expect(defaultAccountName(9)).toBe('Account 10')
  })

  it("uses the user's name of an account, found by its lowercase key", () => {
    expect(accountNames([first, second], { [second.toLowerCase()]: 'Savings' })).toEqual([
      'Account 1',
      'Savings',
    ])
  })

  it('ignores a stored name whose key is an inherited property name', () => {
    expect(accountNames(['constructor'], {})).toEqual(['Account 1'])
  })
})

describe('parseAccountName', () => {
  it('trims a name and makes its inner whitespace single spaces', () => {
    expect(parseAccountName('  Cold \t storage\n')).toBe('Cold storage')
  })

  it('refuses an empty name on the name field', () => {
    expect(() => parseAccountName('   ')).toThrow(WalletError)
    try {
      parseAccountName('')
    } catch (error) {
      expect((error as WalletError).fields).toEqual({ name: 'Give the account a name' })
    }
  })

  it(`refuses a name longer than ${maxAccountNameLength} characters`, () => {
    expect(parseAccountName('a'.repeat(maxAccountNameLength))).toHaveLength(maxAccountNameLength)
    expect(() => parseAccountName('a'.repeat(maxAccountNameLength + 1))).toThrow(/at most 32/)
  })

  it('returns a short trimmed name or a WalletError for any input, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        let name: string
        try {
          name = parseAccountName(input)
        } catch (error) {
          expect(error).toBeInstanceOf(WalletError)
          return
        }
        expect([...name].length).toBeLessThanOrEqual(maxAccountNameLength)
        expect(name).toBe(name.trim())
        expect(parseAccountName(name)).toBe(name)
      }),
    )
  })
})
