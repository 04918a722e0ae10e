import { describe, expect, it } from 'vitest'
import { feeOptionOf } from './feeOption.ts'
import { offerFees } from './offerFees.ts'
import type { FeeMarket } from './readFeeMarket.ts'

const option = (maxFee: string, tip: string) =>
  feeOptionOf(
    {
      type: 'eip1559',
      maxFeePerGas: maxFee as `0x${string}`,
      maxPriorityFeePerGas: tip as `0x${string}`,
    },
    21000n,
  )
/** A 1 gwei base fee; tips of 1, 3 and 5 gwei. */
const market: FeeMarket = {
  kind: 'eip1559',
  baseFeePerGas: '0x3b9aca00',
  gasLimit: '0x5208',
  presets: {
    slow: option('0xb2d05e00', '0x3b9aca00'),
    normal: option('0x12a05f200', '0xb2d05e00'),
    fast: option('0x1a13b8600', '0x12a05f200'),
  },
}

describe('offerFees', () => {
  it('starts a request without fee fields on normal', () => {
    expect(offerFees({}, market)).toEqual({
      market,
      choice: 'normal',
      custom: { maxFeeGwei: '5', priorityFeeGwei: '3' },
      fee: market.presets.normal.fee,
    })
  })

  it('starts on the preset the owner picked on the send screen, with its fee', () => {
    expect(offerFees({}, market, { name: 'fast' })).toEqual({
      market,
      choice: 'fast',
      custom: { maxFeeGwei: '7', priorityFeeGwei: '5' },
      fee: market.presets.fast.fee,
    })
  })

  it('starts on the custom fee the owner typed on the send screen', () => {
    expect(
      offerFees({}, market, { name: 'custom', maxFeeGwei: '2', priorityFeeGwei: '1' }),
    ).toEqual({
      market,
      choice: 'custom',
      custom: { maxFeeGwei: '2', priorityFeeGwei: '1' },
      fee: { type: 'eip1559', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' },
    })
  })

  it("starts on the dapp's own EIP-1559 fees as custom", () => {
    expect(
      offerFees({ maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' }, market),
    ).toEqual({
      market,
      choice: 'custom',
      custom: { maxFeeGwei: '2', priorityFeeGwei: '1' },
      fee: { type: 'eip1559', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' },
    })
  })

  it("gives a dapp's max fee without priority the normal tip, lowered to the max fee", () => {
    expect(offerFees({ maxFeePerGas: '0x77359400' }, market).custom).toEqual({
      maxFeeGwei: '2',
      priorityFeeGwei: '2',
    })
    expect(offerFees({ maxFeePerGas: '0x12a05f200' }, market).custom).toEqual({
      maxFeeGwei: '5',
      priorityFeeGwei: '3',
    })
  })

  it("gives a dapp's priority without max fee twice the base fee on top", () => {
    expect(offerFees({ maxPriorityFeePerGas: '0x3b9aca00' }, market).custom).toEqual({
      maxFeeGwei: '3',
      priorityFeeGwei: '1',
    })
  })

  it("offers a dapp's gasPrice as both fields", () => {
    expect(offerFees({ gasPrice: '0x4a817c800' }, market)).toMatchObject({
      choice: 'custom',
      custom: { maxFeeGwei: '20', priorityFeeGwei: '20' },
      fee: { type: 'eip1559', maxFeePerGas: '0x4a817c800', maxPriorityFeePerGas: '0x4a817c800' },
    })
  })

  it("starts with no fee when the dapp's own is refused (above 100,000 gwei)", () => {
    const offer = offerFees(
      { maxFeePerGas: '0x56bc75e2d63100000', maxPriorityFeePerGas: '0x1' },
      market,
    )
    expect(offer.choice).toBe('custom')
    expect(offer.fee).toBeUndefined()
  })
})
