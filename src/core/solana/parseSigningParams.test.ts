import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseSignInParams,
  parseSignMessageParams,
  parseSignTransactionParams,
} from './parseSigningParams.ts'

const address = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const scope = 'solana:123456789abcdef'

describe('parseSignMessageParams', () => {
  it('reads the account and the base64 message', () => {
    const parsed = parseSignMessageParams({ account: { address }, message: 'aGVsbG8=' })
    expect(parsed).toEqual({ params: { address, message: new TextEncoder().encode('hello') } })
  })

  it('names each problem: an account that is not base58, a message that is not base64', () => {
    const parsed = parseSignMessageParams({ account: { address: '0xabc' }, message: 'no!' })
    expect(parsed).toEqual({
      problems: [
        { path: 'account.address', message: 'must be a base58 Solana address' },
        expect.objectContaining({ path: 'message' }),
      ],
    })
  })

  it('never throws and always answers params or problems, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const parsed = parseSignMessageParams(input)
        expect('params' in parsed || ('problems' in parsed && parsed.problems.length > 0)).toBe(
          true,
        )
      }),
    )
  })
})

describe('parseSignTransactionParams', () => {
  it('refuses another scope and malformed options, and accepts skipPreflight as the string the official client types', () => {
    expect(
      parseSignTransactionParams(
        {
          account: { address },
          transaction: 'AA==',
          scope: 'solana:other',
          options: { maxRetries: -1 },
        },
        scope,
      ),
    ).toEqual({
      problems: [
        { path: 'scope', message: `must be the invoked scope ${scope}` },
        { path: 'options.maxRetries', message: 'must be a non-negative integer' },
      ],
    })
    const parsed = parseSignTransactionParams(
      { account: { address }, transaction: 'AA==', scope, options: { skipPreflight: 'true' } },
      scope,
    )
    expect(parsed).toMatchObject({ params: { options: { skipPreflight: true } } })
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const parsed = parseSignTransactionParams(input, scope)
        expect('params' in parsed || 'problems' in parsed).toBe(true)
      }),
    )
  })
})

describe('parseSignInParams', () => {
  it('refuses a field with a line break (it would forge a line of the message)', () => {
    expect(parseSignInParams({ nonce: 'abc\nURI: https://evil.example' })).toMatchObject({
      problems: [{ path: 'nonce' }],
    })
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const parsed = parseSignInParams(input)
        expect('params' in parsed || 'problems' in parsed).toBe(true)
      }),
    )
  })
})
