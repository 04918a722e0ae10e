import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../rpc/errors.ts'
import { solanaNodeMethods, solanaSubscribeMethods } from './methods.ts'
import { validateSolanaParams } from './validateSolanaParams.ts'

const systemProgram = '11111111111111111111111111111111'
const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const signature =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

const problemsOf = (method: string, params: unknown) =>
  (validateSolanaParams(method, params)?.toJSON().data as { problems?: unknown[] } | undefined)
    ?.problems

describe('validateSolanaParams', () => {
  it('passes the params real clients send', () => {
    const valid: Array<[string, unknown]> = [
      ['getBalance', [systemProgram]],
      ['getBalance', [systemProgram, { commitment: 'confirmed', minContextSlot: 5 }]],
      [
        'getAccountInfo',
        [tokenProgram, { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 32 } }],
      ],
      ['getLatestBlockhash', []],
      ['getLatestBlockhash', undefined],
      ['getLatestBlockhash', [{ commitment: 'finalized' }]],
      ['getMultipleAccounts', [[systemProgram, tokenProgram], { encoding: 'base64' }]],
      [
        'getProgramAccounts',
        [
          tokenProgram,
          { filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: systemProgram } }] },
        ],
      ],
      ['getSignaturesForAddress', [systemProgram, { limit: 1000, before: signature }]],
      ['getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]],
      [
        'getTokenAccountsByOwner',
        [systemProgram, { programId: tokenProgram }, { encoding: 'jsonParsed' }],
      ],
      ['getBlock', [42, { transactionDetails: 'signatures', rewards: false }]],
      ['getBlocks', [1, 10]],
      ['getBlocks', [1, { commitment: 'confirmed' }]],
      ['sendTransaction', ['AQID', { encoding: 'base64', skipPreflight: true, maxRetries: 0 }]],
      [
        'simulateTransaction',
        ['AQID', { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true }],
      ],
      ['requestAirdrop', [systemProgram, 1_000_000_000]],
      ['logsSubscribe', ['all']],
      ['logsSubscribe', [{ mentions: [systemProgram] }, { commitment: 'processed' }]],
      ['signatureSubscribe', [signature, { commitment: 'confirmed' }]],
      ['slotSubscribe', []],
      // Fields the endpoint does not know go to the node, which decides.
      ['getBalance', [systemProgram, { somethingNew: true }]],
    ]
    for (const [method, params] of valid) {
      expect({ method, params, error: validateSolanaParams(method, params) }).toEqual({
        method,
        params,
        error: undefined,
      })
    }
  })

  it('refuses what is not a base58 public key, signature, commitment or encoding with -32602', () => {
    const invalid: Array<[string, unknown, string]> = [
      ['getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], 'params[0]'],
      ['getBalance', [`${systemProgram}0`], 'params[0]'],
      ['getBalance', [], 'params'],
      ['getBalance', [systemProgram, { commitment: 'latest' }], 'params[1].commitment'],
      ['getAccountInfo', [systemProgram, { encoding: 'hex' }], 'params[1].encoding'],
      ['getAccountInfo', [systemProgram, 'confirmed'], 'params[1]'],
      ['getTransaction', [systemProgram], 'params[0]'],
      ['getTransaction', [signature, { encoding: 'base64+zstd' }], 'params[1].encoding'],
      ['getBlock', [1.5], 'params[0]'],
      ['getBlock', ['0x10'], 'params[0]'],
      ['sendTransaction', [42], 'params[0]'],
      ['sendTransaction', ['AQID', { encoding: 'json' }], 'params[1].encoding'],
      ['getTokenAccountsByOwner', [systemProgram, {}], 'params[1]'],
      [
        'getProgramAccounts',
        [tokenProgram, { filters: [{}, {}, {}, {}, {}] }],
        'params[1].filters',
      ],
      ['logsSubscribe', ['everything'], 'params[0]'],
      ['getBalance', { 0: systemProgram }, 'params'],
    ]
    for (const [method, params, path] of invalid) {
      const error = validateSolanaParams(method, params)?.toJSON()
      expect({ method, code: error?.code }).toEqual({ method, code: -32602 })
      expect(problemsOf(method, params) ?? [{ path: 'params' }]).toContainEqual(
        expect.objectContaining({ path }),
      )
    }
  })

  it('refuses more params than a method takes', () => {
    expect(validateSolanaParams('getHealth', [1])?.toJSON()).toMatchObject({ code: -32602 })
    expect(validateSolanaParams('getBalance', [systemProgram, {}, {}])?.code).toBe(-32602)
  })

  it('allows getMultipleAccounts 100 keys and refuses 101 as one problem', () => {
    const keys = Array.from({ length: 100 }, () => systemProgram)
    expect(validateSolanaParams('getMultipleAccounts', [keys])).toBeUndefined()
    expect(problemsOf('getMultipleAccounts', [[...keys, systemProgram]])).toEqual([
      { path: 'params[0]', message: 'too many inputs provided; max 100' },
    ])
  })

  it('allows getSignaturesForAddress limit 1,000 and refuses 1,001', () => {
    expect(
      validateSolanaParams('getSignaturesForAddress', [systemProgram, { limit: 1000 }]),
    ).toBeUndefined()
    expect(problemsOf('getSignaturesForAddress', [systemProgram, { limit: 1001 }])).toEqual([
      { path: 'params[1].limit', message: 'invalid limit; max 1000' },
    ])
  })

  it('has a rule for every allowed method and subscription', () => {
    for (const method of [...solanaNodeMethods, ...solanaSubscribeMethods]) {
      // Any rule refuses a number where an array of params belongs.
      expect({ method, code: validateSolanaParams(method, 7)?.code }).toEqual({
        method,
        code: -32602,
      })
    }
  })

  it('never throws and answers undefined or a bounded -32602, whatever the params', () => {
    const method = fc.constantFrom(
      ...solanaNodeMethods,
      ...solanaSubscribeMethods,
      'requestAirdrop',
    )
    const key = fc.constantFrom(systemProgram, tokenProgram, signature, 'x'.repeat(2000), '')
    const params = fc.oneof(
      fc.jsonValue(),
      fc.array(fc.oneof(key, fc.jsonValue(), fc.array(key, { maxLength: 300 }))),
    )
    fc.assert(
      fc.property(method, params, (name, value) => {
        const error = validateSolanaParams(name, value)
        if (error === undefined) return
        expect(error.code).toBe(-32602)
        expect(JSON.stringify(error.toJSON()).length).toBeLessThanOrEqual(maxErrorBytes)
      }),
      { numRuns: 500 },
    )
  })
})
