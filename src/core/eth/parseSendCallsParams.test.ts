import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxCallsPerBatch, parseSendCallsParams } from './parseSendCallsParams.ts'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const batch = {
  version: '2.0.0',
  chainId: '0x7a69',
  from: from.toLowerCase(),
  atomicRequired: false,
  calls: [
    { to: other, value: '0x1' },
    { to: other, data: '0xabcd' },
  ],
}

describe('parseSendCallsParams', () => {
  it('normalizes a batch of calls', () => {
    expect(parseSendCallsParams([batch], 31337n)).toEqual({
      params: {
        from,
        atomicRequired: false,
        requiredCapabilities: [],
        calls: [
          { to: other, value: '0x1', data: '0x' },
          { to: other, value: '0x0', data: '0xabcd' },
        ],
      },
    })
  })

  it('keeps an id the dapp chose', () => {
    expect(parseSendCallsParams([{ ...batch, id: 'batch-1' }], 31337n)).toMatchObject({
      params: { id: 'batch-1' },
    })
  })

  it('refuses atomicRequired with 5760: calls are sent as separate transactions', () => {
    expect(parseSendCallsParams([{ ...batch, atomicRequired: true }], 31337n)).toMatchObject({
      refusal: { code: 5760 },
    })
  })

  it('refuses another chain than the scope with 5710', () => {
    expect(parseSendCallsParams([{ ...batch, chainId: '0x1' }], 31337n)).toMatchObject({
      refusal: { code: 5710 },
    })
  })

  it('refuses a non-optional capability with 5700, and accepts an optional one', () => {
    const required = { ...batch, capabilities: { paymasterService: { url: 'https://pm.example' } } }
    expect(parseSendCallsParams([required], 31337n)).toMatchObject({ refusal: { code: 5700 } })
    const optional = { ...batch, capabilities: { paymasterService: { optional: true } } }
    expect(parseSendCallsParams([optional], 31337n)).toMatchObject({ params: {} })
  })

  it(`refuses more than ${maxCallsPerBatch} calls with 5740`, () => {
    const calls = Array.from({ length: maxCallsPerBatch + 1 }, () => ({ to: other }))
    expect(parseSendCallsParams([{ ...batch, calls }], 31337n)).toMatchObject({
      refusal: { code: 5740 },
    })
  })

  it('reports malformed fields with their paths', () => {
    expect(
      parseSendCallsParams([{ ...batch, version: '1.0', calls: [{ to: '0x1' }] }], 31337n),
    ).toEqual({
      problems: [
        { path: 'params[0].version', message: 'must be "2.0.0"' },
        { path: 'params[0].calls[0].to', message: 'must be a 20-byte hex address or absent' },
      ],
    })
  })

  it('never throws, and answers params, problems or a refusal', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            version: fc.oneof(fc.constant('2.0.0'), fc.anything()),
            chainId: fc.oneof(fc.constant('0x7a69'), fc.anything()),
            atomicRequired: fc.anything(),
            calls: fc.oneof(
              fc.array(fc.record({ to: fc.constant(other), value: fc.anything() })),
              fc.anything(),
            ),
            capabilities: fc.anything(),
          }),
        ),
        (value) => {
          const parsed = parseSendCallsParams([value], 31337n)
          expect('params' in parsed || 'problems' in parsed || 'refusal' in parsed).toBe(true)
        },
      ),
    )
  })
})
