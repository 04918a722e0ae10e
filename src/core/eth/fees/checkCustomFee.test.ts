import { describe, expect, it } from 'vitest'
import { checkCustomFee } from './checkCustomFee.ts'
import { feeOptionOf } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

const oneGwei = feeOptionOf(
  { type: 'eip1559', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x0' },
  21000n,
)
/** anvil's market at a 1 gwei base fee, for a 21,000-gas transfer. */
const market: FeeMarket = {
  kind: 'eip1559',
  baseFeePerGas: '0x3b9aca00',
  gasLimit: '0x5208',
  presets: { slow: oneGwei, normal: oneGwei, fast: oneGwei },
}

describe('checkCustomFee', () => {
  it('turns gwei fields into EIP-1559 fees with their cost', () => {
    expect(checkCustomFee(market, { maxFeeGwei: '3.5', priorityFeeGwei: '1.25' })).toEqual({
      ok: true,
      option: {
        fee: { type: 'eip1559', maxFeePerGas: '0xd09dc300', maxPriorityFeePerGas: '0x4a817c80' },
        maxFeeGwei: '3.5',
        priorityFeeGwei: '1.25',
        costWei: '73500000000000',
        costEther: '0.0000735',
      },
      warning: null,
    })
  })

  it('refuses a priority fee above the max fee', () => {
    expect(checkCustomFee(market, { maxFeeGwei: '3', priorityFeeGwei: '4' })).toEqual({
      ok: false,
      fields: { priorityFeeGwei: 'The priority fee cannot be above the max fee' },
    })
  })

  it('refuses a max fee of 0, a negative one and text that is not a number', () => {
    for (const maxFeeGwei of ['0', '-1', 'abc', '1e9', '.', '']) {
      const check = checkCustomFee(market, { maxFeeGwei, priorityFeeGwei: '0' })
      expect(check.ok, maxFeeGwei).toBe(false)
      expect(check).toHaveProperty('fields.maxFeeGwei')
    }
  })

  it('refuses a max fee above 100,000 gwei and a number longer than 32 characters', () => {
    expect(
      checkCustomFee(market, { maxFeeGwei: '100000.000000001', priorityFeeGwei: '1' }),
    ).toEqual({
      ok: false,
      fields: { maxFeeGwei: 'The max fee cannot be above 100000 gwei' },
    })
    expect(
      checkCustomFee(market, { maxFeeGwei: `1.${'0'.repeat(31)}`, priorityFeeGwei: '1' }).ok,
    ).toBe(false)
  })

  it('accepts a max fee below the base fee with a warning', () => {
    const check = checkCustomFee(market, { maxFeeGwei: '0.5', priorityFeeGwei: '0.1' })
    expect(check.ok).toBe(true)
    expect(check).toHaveProperty(
      'warning',
      'The max fee is below the current base fee (1 gwei): the transaction waits until the base fee falls',
    )
  })

  it('makes a legacy gas price of the max fee on a chain without base fee, not reading the priority', () => {
    const legacy: FeeMarket = { ...market, kind: 'legacy', baseFeePerGas: null }
    expect(checkCustomFee(legacy, { maxFeeGwei: '2', priorityFeeGwei: 'x' })).toMatchObject({
      ok: true,
      option: { fee: { type: 'legacy', gasPrice: '0x77359400' }, costEther: '0.000042' },
      warning: null,
    })
  })
})
