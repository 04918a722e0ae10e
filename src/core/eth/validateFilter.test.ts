import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxErrorBytes, maxProblems } from '../rpc/errors.ts'
import { blockHashWithRangeMessage, validateFilter } from './validateFilter.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const otherAddress = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const approvalTopic = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const blockHash = '0xc0f4906fea23cf6f3cce98cb44e8e1449e455b28d684dfa9ff65426495584de6'

const errorOf = (value: unknown) => {
  const result = validateFilter(value)
  if (!('error' in result)) throw new Error('expected an error')
  return result.error.toJSON()
}

describe('validateFilter', () => {
  it('accepts an empty filter (every block range default applies upstream)', () => {
    expect(validateFilter({})).toEqual({ filter: {} })
  })

  it('accepts one address', () => {
    expect(validateFilter({ address })).toEqual({ filter: { address } })
  })

  it('accepts an array of addresses', () => {
    expect(validateFilter({ address: [address, otherAddress] })).toEqual({
      filter: { address: [address, otherAddress] },
    })
  })

  it('rejects an address that is not 20 bytes of hex, with its path', () => {
    const error = errorOf({ address: '0x1234' })
    expect(error.code).toBe(-32602)
    expect(error.data).toEqual({
      problems: [
        { path: 'params[0].address', message: 'must be a 20-byte hex address or an array of them' },
      ],
    })
  })

  it('rejects a bad entry inside an address array, with its index', () => {
    const error = errorOf({ address: [address, 42] })
    expect(error.code).toBe(-32602)
    expect(error.data).toEqual({
      problems: [{ path: 'params[0].address[1]', message: 'must be a 20-byte hex address' }],
    })
  })

  it('accepts topics that mix null, a value and an OR array', () => {
    const topics = [transferTopic, null, [transferTopic, approvalTopic], null]
    expect(validateFilter({ topics })).toEqual({ filter: { topics } })
  })

  it('accepts null wildcards inside an OR array', () => {
    expect(validateFilter({ topics: [[transferTopic, null]] })).toEqual({
      filter: { topics: [[transferTopic, null]] },
    })
  })

  it('rejects more than 4 topic positions', () => {
    const error = errorOf({ topics: [null, null, null, null, null] })
    expect(error.code).toBe(-32602)
    expect(error.data).toEqual({
      problems: [{ path: 'params[0].topics', message: 'must have at most 4 positions' }],
    })
  })

  it('rejects a topic that is not 32 bytes', () => {
    const error = errorOf({ topics: [transferTopic.slice(0, 10)] })
    expect(error.code).toBe(-32602)
    expect(error.data).toEqual({
      problems: [
        {
          path: 'params[0].topics[0]',
          message: 'must be null, a 32-byte hex topic or an array of them',
        },
      ],
    })
  })

  it('rejects a bad value inside an OR array, with its index', () => {
    const error = errorOf({ topics: [null, [transferTopic, 'transfer']] })
    expect(error.data).toEqual({
      problems: [
        { path: 'params[0].topics[1][1]', message: 'must be a 32-byte hex topic or null' },
      ],
    })
  })

  it('rejects topics that are not an array', () => {
    expect(errorOf({ topics: transferTopic }).code).toBe(-32602)
  })

  it.each(['latest', 'earliest', 'pending', 'safe', 'finalized', '0x0', '0x1b4', '0xABC'])(
    'accepts %s as fromBlock and toBlock',
    (block) => {
      expect(validateFilter({ fromBlock: block, toBlock: block })).toEqual({
        filter: { fromBlock: block, toBlock: block },
      })
    },
  )

  it.each(['0x', '0x01', '12', 'Latest', 'head', 7])('rejects %s as fromBlock', (block) => {
    const error = errorOf({ fromBlock: block })
    expect(error.code).toBe(-32602)
    expect(error.data).toEqual({
      problems: [
        {
          path: 'params[0].fromBlock',
          message: 'must be a hex block number or latest|earliest|pending|safe|finalized',
        },
      ],
    })
  })

  it('accepts a blockHash alone', () => {
    expect(validateFilter({ blockHash, address })).toEqual({ filter: { blockHash, address } })
  })

  it('rejects blockHash with fromBlock with the exact message', () => {
    expect(errorOf({ blockHash, fromBlock: '0x1' })).toEqual({
      code: -32602,
      message: 'cannot specify both blockHash and fromBlock/toBlock, choose one or the other',
    })
  })

  it('rejects blockHash with toBlock with the exact message', () => {
    expect(errorOf({ blockHash, toBlock: 'latest' })).toEqual({
      code: -32602,
      message: blockHashWithRangeMessage,
    })
  })

  it('rejects a blockHash that is not 32 bytes', () => {
    expect(errorOf({ blockHash: '0xabc' }).data).toEqual({
      problems: [{ path: 'params[0].blockHash', message: 'must be a 32-byte hex hash' }],
    })
  })

  it('treats null members as absent', () => {
    expect(
      validateFilter({ blockHash, fromBlock: null, toBlock: null, address: null, topics: null }),
    ).toEqual({ filter: { blockHash } })
  })

  it('drops members a node does not know', () => {
    expect(validateFilter({ address, limit: 5 })).toEqual({ filter: { address } })
  })

  it('reports every problem at once', () => {
    const error = errorOf({ address: 'me', topics: ['x'], toBlock: 'soon' })
    expect(error.data).toMatchObject({ problems: expect.any(Array) })
    expect((error.data as { problems: unknown[] }).problems).toHaveLength(3)
  })

  it.each([null, 'latest', 3, [], [{ address }]])('rejects %j as a filter', (value) => {
    expect(errorOf(value)).toEqual({
      code: -32602,
      message: 'Invalid params: params[0]: must be a filter object',
      data: { problems: [{ path: 'params[0]', message: 'must be a filter object' }] },
    })
  })

  it('uses the given path in problems', () => {
    const result = validateFilter({ address: 1 }, { path: 'params[1]' })
    expect('error' in result && result.error.toJSON().data).toEqual({
      problems: [
        { path: 'params[1].address', message: 'must be a 20-byte hex address or an array of them' },
      ],
    })
  })

  it('never throws on arbitrary JSON and returns a filter or a -32602 error', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateFilter(value)
        if ('error' in result) expect(result.error.code).toBe(-32602)
        else expect(typeof result.filter).toBe('object')
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws on filter-shaped arbitrary objects', () => {
    const hexish = fc.oneof(
      fc.constantFrom(address, transferTopic, blockHash, '0x0', 'latest', 'pending', null),
      fc.jsonValue(),
    )
    const filterLike = fc.record(
      {
        address: fc.oneof(hexish, fc.array(hexish)),
        topics: fc.array(fc.oneof(hexish, fc.array(hexish)), { maxLength: 6 }),
        fromBlock: hexish,
        toBlock: hexish,
        blockHash: hexish,
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(filterLike, (value) => {
        const result = validateFilter(value)
        expect('filter' in result || result.error.code === -32602).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('is stable: a validated filter validates to itself', () => {
    const topic = fc.oneof(fc.constant(null), fc.constantFrom(transferTopic, approvalTopic))
    const filter = fc.record(
      {
        address: fc.oneof(fc.constant(address), fc.array(fc.constantFrom(address, otherAddress))),
        topics: fc.array(fc.oneof(topic, fc.array(topic)), { maxLength: 4 }),
        fromBlock: fc.constantFrom('latest', 'earliest', '0x0', '0x10'),
        toBlock: fc.constantFrom('latest', 'safe', '0x20'),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(filter, (value) => {
        const first = validateFilter(value)
        if (!('filter' in first)) throw new Error('expected a filter')
        expect(validateFilter(first.filter)).toEqual(first)
      }),
      { numRuns: 1000 },
    )
  })

  describe('under abuse (issue 11)', () => {
    const wireBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

    it('refuses more than 5,000 topic values with -32005 on sight, valid or not', () => {
      const malformed = Array.from({ length: 30_000 }, (_, index) => `0x${index}`)
      expect(errorOf({ topics: [malformed, malformed, malformed, malformed] })).toEqual({
        code: -32005,
        message: 'query exceeds max parameters of 5000',
        data: { parameters: 120_000, limit: 5000 },
      })
    })

    it('lists the first 50 of 5,000 malformed addresses, counts them all, and stays under 16 KB', () => {
      const error = errorOf({ address: Array.from({ length: 5000 }, () => 'me') })
      const data = error.data as { problems: Array<{ path: string }>; count: number }
      expect(data.problems).toHaveLength(maxProblems)
      expect(data.problems[49]).toEqual({
        path: 'params[0].address[49]',
        message: 'must be a 20-byte hex address',
      })
      expect(data.count).toBe(5000)
      expect(error.message).toMatch(/\(and 4990 more\)$/)
      expect(wireBytes(error)).toBeLessThanOrEqual(maxErrorBytes)
    })

    it('looks at no more than 4 topic positions', () => {
      const positions = Array.from({ length: 4000 }, () => 'x')
      const error = errorOf({ topics: positions })
      expect((error.data as { problems: unknown[] }).problems).toHaveLength(5)
      expect((error.data as { problems: unknown[] }).problems[0]).toEqual({
        path: 'params[0].topics',
        message: 'must have at most 4 positions',
      })
    })

    it.each(['fromBlock', 'toBlock'])('refuses a %s beyond 64 bits with -32602', (key) => {
      expect(errorOf({ [key]: `0x${'f'.repeat(80)}` })).toEqual({
        code: -32602,
        message: `Invalid params: params[0].${key}: must be a block number of at most 64 bits`,
        data: {
          problems: [
            { path: `params[0].${key}`, message: 'must be a block number of at most 64 bits' },
          ],
        },
      })
      expect(validateFilter({ [key]: `0x${'f'.repeat(16)}` })).toEqual({
        filter: { [key]: `0x${'f'.repeat(16)}` },
      })
    })

    it('answers any JSON with a filter, a -32602 or a -32005, never over 16 KB', () => {
      const long = fc.string({ minLength: 200, maxLength: 400 })
      const value = fc.oneof(fc.jsonValue(), long, fc.array(fc.oneof(long, fc.jsonValue())))
      const filterLike = fc.record(
        {
          address: fc.oneof(value, fc.array(value, { maxLength: 200 })),
          topics: fc.array(fc.oneof(value, fc.array(value, { maxLength: 200 })), { maxLength: 8 }),
          fromBlock: value,
          blockHash: value,
        },
        { requiredKeys: [] },
      )
      fc.assert(
        fc.property(filterLike, (candidate) => {
          const result = validateFilter(candidate)
          if ('filter' in result) return
          expect([-32602, -32005]).toContain(result.error.code)
          expect(wireBytes(result.error.toJSON())).toBeLessThanOrEqual(maxErrorBytes)
        }),
        { numRuns: 300 },
      )
    })
  })
})
