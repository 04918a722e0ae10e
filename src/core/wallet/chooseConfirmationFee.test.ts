import { describe, expect, it } from 'vitest'
import { feeOptionOf } from '../eth/fees/feeOption.ts'
import type { TransactionFees } from '../eth/fees/offerFees.ts'
import { WalletError } from '../rpc/errors.ts'
import { chooseConfirmationFee } from './chooseConfirmationFee.ts'

const preset = (tip: `0x${string}`) =>
  feeOptionOf({ type: 'eip1559', maxFeePerGas: '0xb2d05e00', maxPriorityFeePerGas: tip }, 21000n)
/** A transaction view's offer: 1 gwei base fee, the dapp's own fee (max 2, priority 1) as default. */
const fees: TransactionFees = {
  market: {
    kind: 'eip1559',
    baseFeePerGas: '0x3b9aca00',
    gasLimit: '0x5208',
    presets: { slow: preset('0x1'), normal: preset('0x2'), fast: preset('0x3') },
  },
  choice: 'custom',
  custom: { maxFeeGwei: '2', priorityFeeGwei: '1' },
}
const view = { transaction: {}, fees }

describe('chooseConfirmationFee', () => {
  it("takes the offer's default when the window sent no choice", () => {
    expect(chooseConfirmationFee(view, undefined)?.fee).toEqual({
      type: 'eip1559',
      maxFeePerGas: '0x77359400',
      maxPriorityFeePerGas: '0x3b9aca00',
    })
  })

  it('takes a preset of the market the window showed', () => {
    expect(chooseConfirmationFee(view, { name: 'fast' })).toBe(fees.market.presets.fast)
  })

  it('refuses a custom fee with the priority above the max fee, or out of bounds', () => {
    for (const custom of [
      { maxFeeGwei: '1', priorityFeeGwei: '2' },
      { maxFeeGwei: '100001', priorityFeeGwei: '1' },
      { maxFeeGwei: '0', priorityFeeGwei: '0' },
    ]) {
      expect(() => chooseConfirmationFee(view, { name: 'custom', ...custom })).toThrow(WalletError)
    }
  })

  it('has no fee for a view that offers none, and refuses a choice sent for one', () => {
    const message = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', raw: '0x68' }
    expect(chooseConfirmationFee(message, undefined)).toBeUndefined()
    expect(() => chooseConfirmationFee(message, { name: 'fast' })).toThrow(WalletError)
  })
})
