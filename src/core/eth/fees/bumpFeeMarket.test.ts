import { describe, expect, it } from 'vitest'
import { bumpFeeMarket } from './bumpFeeMarket.ts'
import { checkCustomFee } from './checkCustomFee.ts'
import { feeOptionOf } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

const option = (maxFee: bigint, tip: bigint) =>
  feeOptionOf(
    {
      type: 'eip1559',
      maxFeePerGas: `0x${maxFee.toString(16)}`,
      maxPriorityFeePerGas: `0x${tip.toString(16)}`,
    },
    21000n,
  )
const gwei = 1_000_000_000n
/** A 1 gwei base fee; tips of 1, 3 and 5 gwei. */
const market: FeeMarket = {
  kind: 'eip1559',
  baseFeePerGas: '0x3b9aca00',
  gasLimit: '0x5208',
  presets: {
    slow: option(3n * gwei, 1n * gwei),
    normal: option(5n * gwei, 3n * gwei),
    fast: option(7n * gwei, 5n * gwei),
  },
}
/** The transaction replaced: max 4 gwei, priority 2 gwei. */
const old = {
  type: 'eip1559',
  maxFeePerGas: '0xee6b2800',
  maxPriorityFeePerGas: '0x77359400',
} as const

describe('bumpFeeMarket', () => {
  it('raises each preset to 110 % of the old fees where the market is lower', () => {
    const bumpedMarket = bumpFeeMarket(market, old)
    expect(bumpedMarket.minimum).toEqual({
      maxFeePerGas: '0x10642ac00',
      maxPriorityFeePerGas: '0x83215600',
    })
    expect(bumpedMarket.presets.slow).toMatchObject({ maxFeeGwei: '4.4', priorityFeeGwei: '2.2' })
    expect(bumpedMarket.presets.normal).toMatchObject({ maxFeeGwei: '5', priorityFeeGwei: '3' })
    expect(bumpedMarket.presets.fast).toMatchObject({ maxFeeGwei: '7', priorityFeeGwei: '5' })
  })

  it('rounds the bump up, so a node never sees less than 110 %', () => {
    const tiny = bumpFeeMarket(market, {
      type: 'eip1559',
      maxFeePerGas: '0x1',
      maxPriorityFeePerGas: '0x1',
    })
    expect(tiny.minimum).toEqual({ maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x2' })
  })

  it('makes a custom fee below the bump refused', () => {
    const bumpedMarket = bumpFeeMarket(market, old)
    expect(checkCustomFee(bumpedMarket, { maxFeeGwei: '4.3', priorityFeeGwei: '2.2' })).toEqual({
      ok: false,
      fields: { maxFeeGwei: 'A replacement needs a max fee of at least 4.4 gwei' },
    })
    expect(checkCustomFee(bumpedMarket, { maxFeeGwei: '4.4', priorityFeeGwei: '2.1' })).toEqual({
      ok: false,
      fields: { priorityFeeGwei: 'A replacement needs a priority fee of at least 2.2 gwei' },
    })
    expect(checkCustomFee(bumpedMarket, { maxFeeGwei: '4.4', priorityFeeGwei: '2.2' }).ok).toBe(
      true,
    )
  })

  it('bumps a legacy gas price as both fees', () => {
    const legacy: FeeMarket = {
      kind: 'legacy',
      baseFeePerGas: null,
      gasLimit: '0x5208',
      presets: {
        slow: feeOptionOf({ type: 'legacy', gasPrice: '0x3b9aca00' }, 21000n),
        normal: feeOptionOf({ type: 'legacy', gasPrice: '0x3b9aca00' }, 21000n),
        fast: feeOptionOf({ type: 'legacy', gasPrice: '0x3b9aca00' }, 21000n),
      },
    }
    const bumpedMarket = bumpFeeMarket(legacy, { type: 'legacy', gasPrice: '0x77359400' })
    expect(bumpedMarket.presets.normal.fee).toEqual({ type: 'legacy', gasPrice: '0x83215600' })
  })
})
