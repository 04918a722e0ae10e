import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateTransactionByBlockNumberAndIndexParams } from './validateTransactionByBlockNumberAndIndexParams.ts'

describe('validateTransactionByBlockNumberAndIndexParams', () => {
  it('accepts a block tag or number with a valid index', () => {
    expect(validateTransactionByBlockNumberAndIndexParams(['latest', '0x0'])).toEqual({
      params: ['latest', '0x0'],
    })
    expect(validateTransactionByBlockNumberAndIndexParams(['0x1b4', '0x1f'])).toEqual({
      params: ['0x1b4', '0x1f'],
    })
  })

  it('rejects an index with a leading zero with -32602', () => {
    const result = validateTransactionByBlockNumberAndIndexParams(['latest', '0x01'])
    expect('error' in result && result.error.toJSON()).toEqual({
      code: -32602,
      message: 'Invalid params: params[1]: must match ^0x([1-9a-f]+[0-9a-f]*|0)$',
      data: { problems: [{ path: 'params[1]', message: 'must match ^0x([1-9a-f]+[0-9a-f]*|0)$' }] },
    })
  })

  it.each([['0xA'], ['1'], [1], ['0x']])('rejects the index %j', (index) => {
    const result = validateTransactionByBlockNumberAndIndexParams(['latest', index])
    expect('error' in result && result.error.code).toBe(-32602)
  })

  it('rejects a block that is neither tag nor quantity', () => {
    const result = validateTransactionByBlockNumberAndIndexParams(['head', '0x0'])
    expect('error' in result && result.error.toJSON().data).toEqual({
      problems: [
        {
          path: 'params[0]',
          message: 'must be a hex block number or latest|earliest|pending|safe|finalized',
        },
      ],
    })
  })

  it.each([undefined, [], ['latest'], ['latest', '0x0', true], { block: 'latest' }])(
    'rejects params %j that are not [block, index]',
    (params) => {
      const result = validateTransactionByBlockNumberAndIndexParams(params)
      expect('error' in result && result.error.code).toBe(-32602)
    },
  )

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateTransactionByBlockNumberAndIndexParams(value)
        expect('params' in result || result.error.code === -32602).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses a block number or an index beyond 64 bits with -32602', () => {
    const result = validateTransactionByBlockNumberAndIndexParams([
      `0x1${'0'.repeat(16)}`,
      `0x${'f'.repeat(17)}`,
    ])
    expect('error' in result && result.error.toJSON().data).toEqual({
      problems: [
        { path: 'params[0]', message: 'must be a block number of at most 64 bits' },
        { path: 'params[1]', message: 'must be an index of at most 64 bits' },
      ],
    })
    expect(
      validateTransactionByBlockNumberAndIndexParams([
        `0x${'f'.repeat(16)}`,
        `0x${'f'.repeat(16)}`,
      ]),
    ).toEqual({
      params: [`0x${'f'.repeat(16)}`, `0x${'f'.repeat(16)}`],
    })
  })

  it('answers any JSON, long strings included, with params or a -32602 under 16 KB', () => {
    const long = fc.string({ minLength: 1000, maxLength: 5000 })
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue(), long), { maxLength: 3 }), (params) => {
        const result = validateTransactionByBlockNumberAndIndexParams(params)
        if ('params' in result) return
        expect(result.error.code).toBe(-32602)
        expect(Buffer.byteLength(JSON.stringify(result.error.toJSON()))).toBeLessThanOrEqual(
          16 * 1024,
        )
      }),
      { numRuns: 300 },
    )
  })
})
