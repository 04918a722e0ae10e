import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  maxTransactionBytes,
  parseSignInParams,
  parseSignMessageParams,
  parseSignTransactionParams,
} from './parseSigningParams.ts'
import { signInFields } from './signInFields.ts'

const address = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const scope = 'solana:123456789abcdef'
const sendOptionNames = [
  'commitment',
  'skipPreflight',
  'maxRetries',
  'preflightCommitment',
  'minContextSlot',
]

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

  it('never throws, and answers checked params or a few short problems, whatever it is given', () => {
    const value = fc.oneof(fc.anything(), fc.constant('x'.repeat(10_000)), fc.constant(address))
    const input = fc.oneof(
      fc.anything(),
      fc.record(
        {
          account: fc.oneof(value, fc.record({ address: value })),
          transaction: fc.oneof(value, fc.constant('AQID'), fc.constant('A'.repeat(4000))),
          scope: fc.oneof(value, fc.constant(scope)),
          options: fc.oneof(
            value,
            fc.dictionary(
              fc.constantFrom(...sendOptionNames, 'other'),
              fc.oneof(value, fc.constantFrom('confirmed', 'true', true, 7)),
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(input, (params) => {
        const parsed = parseSignTransactionParams(params, scope)
        if ('params' in parsed) {
          expect(parsed.params.transaction.length).toBeGreaterThan(0)
          expect(parsed.params.transaction.length).toBeLessThanOrEqual(maxTransactionBytes)
          for (const name of Object.keys(parsed.params.options)) {
            expect(sendOptionNames).toContain(name)
          }
          return
        }
        expect(parsed.problems.length).toBeGreaterThan(0)
        expect(parsed.problems.length).toBeLessThanOrEqual(8)
        expect(JSON.stringify(parsed.problems).length).toBeLessThanOrEqual(1000)
      }),
      { numRuns: 500 },
    )
  })
})

describe('parseSignInParams', () => {
  it('refuses a field with a line break (it would forge a line of the message)', () => {
    expect(parseSignInParams({ nonce: 'abc\nURI: https://evil.example' })).toMatchObject({
      problems: [{ path: 'nonce' }],
    })
  })

  it('never throws, and answers one-line fields or a few short problems, whatever it is given', () => {
    const value = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.constant('x'.repeat(5000)),
      fc.constant('a\nb'),
      fc.constant(address),
    )
    const fields = Object.fromEntries(signInFields.map((field) => [field, value]))
    const input = fc.oneof(
      fc.anything(),
      fc.record(
        { ...fields, resources: fc.oneof(value, fc.array(value, { maxLength: 60 })) },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(input, (params) => {
        const parsed = parseSignInParams(params)
        if ('params' in parsed) {
          for (const [name, field] of Object.entries(parsed.params)) {
            const strings = name === 'resources' ? (field as string[]) : [field as string]
            expect(strings.length).toBeLessThanOrEqual(50)
            for (const line of strings) {
              expect(line.length).toBeLessThanOrEqual(2048)
              expect(line).not.toMatch(/[\r\n\u2028\u2029]/)
            }
          }
          return
        }
        expect(parsed.problems.length).toBeGreaterThan(0)
        expect(parsed.problems.length).toBeLessThanOrEqual(signInFields.length + 2)
        expect(JSON.stringify(parsed.problems).length).toBeLessThanOrEqual(2000)
      }),
      { numRuns: 500 },
    )
  })
})
