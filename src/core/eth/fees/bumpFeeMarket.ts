import { toQuantity } from '../quantity.ts'
import { type FeeFields, type FeeOption, feeOptionOf } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

/** A replacement pays at least this share (percent) of each fee of the transaction it replaces. */
export const replacementBumpPercent = 110n

const bumped = (wei: bigint): bigint => (wei * replacementBumpPercent + 99n) / 100n
const larger = (a: bigint, b: bigint): bigint => (a > b ? a : b)

/**
 * The fee market of a transaction that replaces `old` (same nonce; a speed-up or a cancel, DESIGN
 * §9): nodes take a replacement only when both its fees are at least 10 % above the old ones, so the
 * `minimum` is 110 % of each (rounded up; a legacy `gasPrice` counts as both), and each preset is
 * raised to it where the market is lower — every preset is at least the current one and the bump.
 * On a legacy chain the gas price is raised likewise.
 *
 * @example bumpFeeMarket(market, { type: 'eip1559', maxFeePerGas: '0x64', maxPriorityFeePerGas: '0xa' }).minimum
 * // { maxFeePerGas: '0x6e', maxPriorityFeePerGas: '0xb' }
 */
export function bumpFeeMarket(market: FeeMarket, old: FeeFields): FeeMarket {
  const oldMax = BigInt(old.type === 'legacy' ? old.gasPrice : old.maxFeePerGas)
  const oldPriority = BigInt(old.type === 'legacy' ? old.gasPrice : old.maxPriorityFeePerGas)
  const minMax = bumped(oldMax)
  const minPriority = bumped(oldPriority)
  const gasLimit = BigInt(market.gasLimit)
  const raise = (option: FeeOption): FeeOption => {
    const { fee } = option
    if (fee.type === 'legacy') {
      return feeOptionOf(
        { type: 'legacy', gasPrice: toQuantity(larger(BigInt(fee.gasPrice), minMax)) },
        gasLimit,
      )
    }
    return feeOptionOf(
      {
        type: 'eip1559',
        maxFeePerGas: toQuantity(larger(BigInt(fee.maxFeePerGas), minMax)),
        maxPriorityFeePerGas: toQuantity(larger(BigInt(fee.maxPriorityFeePerGas), minPriority)),
      },
      gasLimit,
    )
  }
  return {
    ...market,
    presets: {
      slow: raise(market.presets.slow),
      normal: raise(market.presets.normal),
      fast: raise(market.presets.fast),
    },
    minimum: { maxFeePerGas: toQuantity(minMax), maxPriorityFeePerGas: toQuantity(minPriority) },
  }
}
