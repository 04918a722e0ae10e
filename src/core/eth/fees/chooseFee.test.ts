import { describe, expect, it } from 'vitest'
import { WalletError } from '../../rpc/errors.ts'
import { chooseFee, parseFeeChoice } from './chooseFee.ts'
import { feeOptionOf } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

const preset = (maxFee: bigint) =>
  feeOptionOf(
    { type: 'eip1559', maxFeePerGas: `0x${maxFee.toString(16)}`, maxPriorityFeePerGas: '0x1' },
    21000n,
  )
const market: FeeMarket = {
  kind: 'eip1559',
  baseFeePerGas: '0x3b9aca00',
  gasLimit: '0x5208',
  presets: {
    slow: preset(2_000_000_001n),
    normal: preset(2_000_000_002n),
    fast: preset(2_000_000_003n),
  },
}

describe('parseFeeChoice', () => {
  it('reads a preset and a custom fee', () => {
    expect(parseFeeChoice({ name: 'fast' })).toEqual({ name: 'fast' })
    expect(
      parseFeeChoice({ name: 'custom', maxFeeGwei: '3', priorityFeeGwei: '1', extra: 1 }),
    ).toEqual({
      name: 'custom',
      maxFeeGwei: '3',
      priorityFeeGwei: '1',
    })
  })

  it('refuses anything else', () => {
    for (const value of [
      null,
      'fast',
      { name: 'fastest' },
      { name: 'custom', maxFeeGwei: 3 },
      { name: 'toString' },
    ]) {
      expect(parseFeeChoice(value)).toBeUndefined()
    }
  })
})

describe('chooseFee', () => {
  it("gives the market's preset for a preset choice", () => {
    expect(chooseFee(market, { name: 'fast' })).toBe(market.presets.fast)
  })

  it('checks a custom fee again and throws invalid_fields when it is refused', () => {
    expect(
      chooseFee(market, { name: 'custom', maxFeeGwei: '3', priorityFeeGwei: '1' }).fee,
    ).toEqual({
      type: 'eip1559',
      maxFeePerGas: '0xb2d05e00',
      maxPriorityFeePerGas: '0x3b9aca00',
    })
    expect(() =>
      chooseFee(market, { name: 'custom', maxFeeGwei: '1', priorityFeeGwei: '3' }),
    ).toThrow(WalletError)
  })
})
