import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../rpc/errors.ts'
import { blockParameters, checkBlockParameters } from './checkBlockParameters.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const hash = `0x${'ab'.repeat(32)}`
/** 2^64: one bit too many. */
const over = `0x1${'0'.repeat(16)}`
/** 2^64 - 1: the largest that fits. */
const max = `0x${'f'.repeat(16)}`

const problemsOf = (method: string, params: unknown) =>
  checkBlockParameters(method, params)?.toJSON()

describe('checkBlockParameters', () => {
  it.each([
    ['eth_getBalance', [address, over], 'params[1]', 'must be a block number of at most 64 bits'],
    ['eth_getCode', [address, over], 'params[1]', 'must be a block number of at most 64 bits'],
    [
      'eth_getStorageAt',
      [address, '0x0', over],
      'params[2]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_getTransactionCount',
      [address, over],
      'params[1]',
      'must be a block number of at most 64 bits',
    ],
    ['eth_call', [{ to: address }, over], 'params[1]', 'must be a block number of at most 64 bits'],
    [
      'eth_estimateGas',
      [{ to: address }, over],
      'params[1]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_createAccessList',
      [{ to: address }, over],
      'params[1]',
      'must be a block number of at most 64 bits',
    ],
    ['eth_getProof', [address, [], over], 'params[2]', 'must be a block number of at most 64 bits'],
    [
      'eth_simulateV1',
      [{ blockStateCalls: [] }, over],
      'params[1]',
      'must be a block number of at most 64 bits',
    ],
    ['eth_getBlockReceipts', [over], 'params[0]', 'must be a block number of at most 64 bits'],
    [
      'eth_getBlockByNumber',
      [over, false],
      'params[0]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_getBlockTransactionCountByNumber',
      [over],
      'params[0]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_getUncleCountByBlockNumber',
      [over],
      'params[0]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_getTransactionByBlockNumberAndIndex',
      ['latest', over],
      'params[1]',
      'must be an index of at most 64 bits',
    ],
    [
      'eth_getUncleByBlockNumberAndIndex',
      [over, '0x0'],
      'params[0]',
      'must be a block number of at most 64 bits',
    ],
    [
      'eth_getTransactionByBlockHashAndIndex',
      [hash, over],
      'params[1]',
      'must be an index of at most 64 bits',
    ],
    [
      'eth_getUncleByBlockHashAndIndex',
      [hash, over],
      'params[1]',
      'must be an index of at most 64 bits',
    ],
    [
      'eth_feeHistory',
      [over, 'latest', []],
      'params[0]',
      'must be a block count of at most 64 bits',
    ],
    ['eth_feeHistory', ['0x1', over, []], 'params[1]', 'must be a block number of at most 64 bits'],
  ])('refuses %s with a number beyond 64 bits at its path', (method, params, path, message) => {
    expect(problemsOf(method, params)).toEqual({
      code: -32602,
      message: `Invalid params: ${path}: ${message}`,
      data: { problems: [{ path, message }] },
    })
  })

  it('lists every position beyond 64 bits', () => {
    expect(problemsOf('eth_getUncleByBlockNumberAndIndex', [over, over])?.data).toEqual({
      problems: [
        { path: 'params[0]', message: 'must be a block number of at most 64 bits' },
        { path: 'params[1]', message: 'must be an index of at most 64 bits' },
      ],
    })
  })

  it('accepts 64 bits, tags, hashes, leading zeros and EIP-1898 objects that fit', () => {
    expect(checkBlockParameters('eth_getBalance', [address, max])).toBeUndefined()
    expect(checkBlockParameters('eth_getBalance', [address, 'latest'])).toBeUndefined()
    expect(checkBlockParameters('eth_getBalance', [address, hash])).toBeUndefined()
    expect(
      checkBlockParameters('eth_getBalance', [address, `0x${'0'.repeat(40)}1`]),
    ).toBeUndefined()
    expect(checkBlockParameters('eth_getBalance', [address, { blockHash: hash }])).toBeUndefined()
    expect(checkBlockParameters('eth_call', [{}, { blockNumber: max }])).toBeUndefined()
    expect(checkBlockParameters('eth_feeHistory', [4, 'latest', [25, 75]])).toBeUndefined()
    expect(
      checkBlockParameters('eth_feeHistory', ['18446744073709551615', '0x1', []]),
    ).toBeUndefined()
  })

  it('refuses a 32-byte hex where only a number fits, and an EIP-1898 blockNumber beyond 64 bits', () => {
    expect(problemsOf('eth_getBlockByNumber', [hash, false])?.data).toEqual({
      problems: [{ path: 'params[0]', message: 'must be a block number of at most 64 bits' }],
    })
    expect(problemsOf('eth_call', [{}, { blockNumber: over }])?.data).toEqual({
      problems: [
        { path: 'params[1].blockNumber', message: 'must be a block number of at most 64 bits' },
      ],
    })
  })

  it('refuses block counts beyond 64 bits written as decimal strings or JSON numbers', () => {
    expect(problemsOf('eth_feeHistory', ['18446744073709551616', 'latest', []])?.code).toBe(-32602)
    expect(problemsOf('eth_feeHistory', [`1${'0'.repeat(30)}`, 'latest', []])?.code).toBe(-32602)
    expect(problemsOf('eth_feeHistory', [1e30, 'latest', []])?.code).toBe(-32602)
  })

  it('leaves the storage slot of eth_getStorageAt alone: it is 32 bytes, not a block', () => {
    expect(checkBlockParameters('eth_getStorageAt', [address, hash, 'latest'])).toBeUndefined()
  })

  it('leaves methods without block parameters and params that are not an array to the node', () => {
    expect(checkBlockParameters('eth_getTransactionReceipt', [over])).toBeUndefined()
    expect(checkBlockParameters('eth_getBalance', { block: over })).toBeUndefined()
    expect(checkBlockParameters('toString', [over])).toBeUndefined()
  })

  it('answers a megabyte of digits in one pass with a short -32602', () => {
    const huge = `0x${'0'.repeat(500_000)}${'f'.repeat(500_000)}g`
    expect(checkBlockParameters('eth_getBalance', [address, huge])).toBeUndefined()
    const error = problemsOf('eth_getBlockByNumber', [
      `0x${'0'.repeat(500_000)}${'f'.repeat(500_000)}`,
    ])
    expect(error?.code).toBe(-32602)
    expect(JSON.stringify(error).length).toBeLessThan(200)
  })

  it('never throws: any JSON at any listed method gives undefined or a bounded -32602', () => {
    const methods = Object.keys(blockParameters)
    const number = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 80n }).map((value) => `0x${value.toString(16)}`),
      fc.bigInt({ min: 0n, max: 2n ** 80n }).map(String),
      fc.double(),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.oneof(fc.jsonValue(), fc.array(fc.oneof(fc.jsonValue(), number), { maxLength: 4 })),
        (method, params) => {
          const error = checkBlockParameters(method, params)
          if (error === undefined) return
          expect(error.code).toBe(-32602)
          expect(JSON.stringify(error.toJSON()).length).toBeLessThanOrEqual(maxErrorBytes)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('refuses exactly the hex numbers above 2^64 - 1 in a block position', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 80n }), (value) => {
        const refused = checkBlockParameters('eth_getBlockByNumber', [`0x${value.toString(16)}`])
        expect(refused !== undefined).toBe(value >= 2n ** 64n)
      }),
      { numRuns: 1000 },
    )
  })
})
