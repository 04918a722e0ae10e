import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseTransactionParams } from './parseTransactionParams.ts'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('parseTransactionParams', () => {
  it('normalizes an ether transfer: checksummed addresses, canonical value, empty data', () => {
    expect(
      parseTransactionParams(
        [{ from: from.toLowerCase(), to: to.toLowerCase(), value: '0x0DE0B6B3A7640000' }],
        31337n,
      ),
    ).toEqual({ request: { from, to, value: '0xde0b6b3a7640000', data: '0x' } })
  })

  it('keeps what the dapp set: gas (or gasLimit), nonce, EIP-1559 fees, input as data', () => {
    expect(
      parseTransactionParams(
        [
          {
            from,
            to,
            gasLimit: '0x5208',
            nonce: '0x07',
            maxFeePerGas: '0x77359400',
            maxPriorityFeePerGas: '0x3b9aca00',
            input: '0xA9059CBB',
            chainId: '0x7a69',
            type: '0x2',
          },
        ],
        31337n,
      ),
    ).toEqual({
      request: {
        from,
        to,
        value: '0x0',
        data: '0xa9059cbb',
        gas: '0x5208',
        nonce: '0x7',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x3b9aca00',
      },
    })
  })

  it('takes a transaction without to as a contract creation', () => {
    expect(parseTransactionParams([{ from, data: '0x6080' }], 31337n)).toEqual({
      request: { from, value: '0x0', data: '0x6080' },
    })
  })

  it('requires from', () => {
    expect(parseTransactionParams([{ to }], 31337n)).toEqual({
      problems: [{ path: 'params[0].from', message: 'must be a 20-byte hex address' }],
    })
  })

  it("refuses a chainId other than the scope's", () => {
    expect(parseTransactionParams([{ from, to, chainId: '0x1' }], 31337n)).toEqual({
      problems: [{ path: 'params[0].chainId', message: "must be the scope's chain 0x7a69" }],
    })
  })

  it('refuses legacy and EIP-1559 fees together', () => {
    expect(
      parseTransactionParams([{ from, to, gasPrice: '0x1', maxFeePerGas: '0x2' }], 31337n),
    ).toEqual({
      problems: [
        {
          path: 'params[0].gasPrice',
          message: 'cannot be given with maxFeePerGas/maxPriorityFeePerGas',
        },
      ],
    })
  })

  it('reports every malformed field with its path', () => {
    const parsed = parseTransactionParams(
      [
        {
          from,
          to: '0x12',
          value: 12,
          data: '0xabc',
          maxPriorityFeePerGas: '0x9',
          maxFeePerGas: '0x1',
        },
      ],
      31337n,
    )
    expect(parsed).toEqual({
      problems: [
        { path: 'params[0].to', message: 'must be a 20-byte hex address or absent' },
        { path: 'params[0].value', message: 'must be a hex quantity (0x…) of at most 256 bits' },
        { path: 'params[0].data', message: 'must be hex bytes' },
        { path: 'params[0].maxPriorityFeePerGas', message: 'cannot be greater than maxFeePerGas' },
      ],
    })
  })

  it('never throws, and answers either a request or at most ten problems', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              from: fc.oneof(fc.constant(from), fc.string()),
              to: fc.oneof(fc.constant(to), fc.anything()),
              value: fc.oneof(fc.constant('0x1'), fc.anything()),
              gas: fc.anything(),
              data: fc.oneof(fc.constant('0x'), fc.anything()),
              type: fc.anything(),
              chainId: fc.anything(),
              accessList: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        (transaction) => {
          const parsed = parseTransactionParams([transaction], 31337n)
          if ('problems' in parsed) {
            expect(parsed.problems.length).toBeGreaterThan(0)
            expect(parsed.problems.length).toBeLessThanOrEqual(10)
          } else {
            expect(parsed.request.from).toBe(from)
            expect(parseTransactionParams([parsed.request], 31337n)).toEqual(parsed)
          }
        },
      ),
    )
  })
})
