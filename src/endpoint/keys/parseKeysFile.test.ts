import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseKeysFile } from './parseKeysFile.ts'

describe('parseKeysFile', () => {
  it('reads every setting of DESIGN §5, lower-casing addresses', () => {
    expect(
      parseKeysFile({
        keys: {
          'team-a': {
            requestsPerSecond: 10,
            requestsPerDay: 100_000,
            maxFilters: 10_000,
            maxSubscriptionsPerSocket: 1_000,
            allowedOrigins: ['https://app.example'],
            allowedMethods: ['eth_getLogs'],
            allowedAddresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
          },
          open: {},
        },
      }),
    ).toEqual({
      keys: new Map([
        [
          'team-a',
          {
            requestsPerSecond: 10,
            requestsPerDay: 100_000,
            maxFilters: 10_000,
            maxSubscriptionsPerSocket: 1_000,
            allowedOrigins: ['https://app.example'],
            allowedMethods: ['eth_getLogs'],
            allowedAddresses: ['0x5fbdb2315678afecb367f032d93f642f64180aa3'],
          },
        ],
        ['open', {}],
      ]),
    })
  })

  it('names the path of each problem', () => {
    expect(
      parseKeysFile({
        keys: {
          k: {
            requestsPerSecond: 0,
            requestsPerDay: 1.5,
            allowedOrigins: ['https://app.example/path'],
            allowedAddresses: ['0x12'],
            requestsPerMinute: 3,
          },
        },
      }),
    ).toEqual({
      problems: [
        'keys."k"."requestsPerSecond": must be a number above 0',
        'keys."k"."requestsPerDay": must be a whole number above 0',
        'keys."k"."allowedOrigins"[0]: "https://app.example/path" is not an origin such as "https://app.example"',
        'keys."k"."allowedAddresses"[0]: "0x12" is not a 20-byte hex address',
        'keys."k"."requestsPerMinute": unknown setting',
      ],
    })
  })

  it('refuses a key that could not be an API key', () => {
    expect(parseKeysFile({ keys: { 'a b': {} } })).toEqual({
      problems: ['keys."a b": an API key may only hold letters, digits, _ and -'],
    })
  })

  it('never throws, and answers either policies or at most five problems', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = parseKeysFile(value)
        if ('problems' in parsed) {
          expect(parsed.problems.length).toBeGreaterThan(0)
          expect(parsed.problems.length).toBeLessThanOrEqual(5)
        } else expect(parsed.keys).toBeInstanceOf(Map)
      }),
    )
  })

  it('reads its own output back unchanged (normalization is idempotent)', () => {
    const policy = fc.record(
      {
        requestsPerSecond: fc.double({ min: 0.001, max: 1e6, noNaN: true }),
        requestsPerDay: fc.integer({ min: 1, max: 1e9 }),
        allowedAddresses: fc.array(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), { maxLength: 3 }),
        allowedMethods: fc.array(fc.stringMatching(/^[a-z_]{1,20}$/), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), policy), (keys) => {
        const first = parseKeysFile({ keys })
        if (!('keys' in first)) throw new Error(first.problems.join('; '))
        const again = parseKeysFile({ keys: Object.fromEntries(first.keys) })
        expect(again).toEqual(first)
      }),
    )
  })
})
