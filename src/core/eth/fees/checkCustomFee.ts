import { formatGwei, parseGwei } from 'viem'
import { toQuantity } from '../quantity.ts'
import { type FeeOption, feeOptionOf } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

/** The custom fee's two fields as the user types them, in gwei (`'1.5'`). */
export type CustomFeeInput = { maxFeeGwei: string; priorityFeeGwei: string }

/** The highest max fee (or gas price) accepted, in gwei: far above any real market, so a typo stops. */
export const maxCustomFeeGwei = '100000'
/** The longest number accepted in a field (characters). */
const maxFieldLength = 32

export type CustomFeeCheck =
  | {
      ok: true
      option: FeeOption
      /** Shown beside the fee, not refused: a max fee below the next block's base fee. */
      warning: string | null
    }
  | { ok: false; fields: Partial<Record<keyof CustomFeeInput, string>> }

/** A decimal number of gwei: digits with at most one point, at least one digit (`'1'`, `'.5'`, `'2.'`). */
const gweiPattern = /^(\d+\.?\d*|\.\d+)$/

const gweiOf = (text: string): bigint | undefined => {
  const trimmed = text.trim()
  return trimmed.length <= maxFieldLength && gweiPattern.test(trimmed)
    ? parseGwei(trimmed)
    : undefined
}

/**
 * Checks a custom fee against the chain's market (DESIGN §9 "Fees"): both fields decimal gwei, the
 * max fee above 0 and at most `maxCustomFeeGwei`, the priority fee at most the max fee. A max fee
 * below the next block's base fee is allowed with a warning (the transaction waits for the base fee
 * to fall). A replacement's market refuses a fee below its `minimum`. On a legacy chain the max fee is the gas price and the priority field is not read.
 *
 * @example checkCustomFee(market, { maxFeeGwei: '3', priorityFeeGwei: '4' })
 * // { ok: false, fields: { priorityFeeGwei: 'The priority fee cannot be above the max fee' } }
 */
export function checkCustomFee(market: FeeMarket, input: CustomFeeInput): CustomFeeCheck {
  const fields: Partial<Record<keyof CustomFeeInput, string>> = {}
  const maxFee = gweiOf(input.maxFeeGwei)
  if (maxFee === undefined) fields.maxFeeGwei = 'Enter the max fee in gwei'
  else if (maxFee <= 0n) fields.maxFeeGwei = 'The max fee must be above 0'
  else if (maxFee > parseGwei(maxCustomFeeGwei))
    fields.maxFeeGwei = `The max fee cannot be above ${maxCustomFeeGwei} gwei`
  const gasLimit = BigInt(market.gasLimit)
  const minimum = market.minimum
  if (maxFee !== undefined && minimum && fields.maxFeeGwei === undefined) {
    if (maxFee < BigInt(minimum.maxFeePerGas)) {
      fields.maxFeeGwei = `A replacement needs a max fee of at least ${formatGwei(BigInt(minimum.maxFeePerGas))} gwei`
    }
  }
  if (market.kind === 'legacy') {
    if (maxFee === undefined || fields.maxFeeGwei !== undefined) return { ok: false, fields }
    return {
      ok: true,
      option: feeOptionOf({ type: 'legacy', gasPrice: toQuantity(maxFee) }, gasLimit),
      warning: null,
    }
  }
  const priority = gweiOf(input.priorityFeeGwei)
  if (priority === undefined) fields.priorityFeeGwei = 'Enter the priority fee in gwei'
  else if (maxFee !== undefined && priority > maxFee)
    fields.priorityFeeGwei = 'The priority fee cannot be above the max fee'
  else if (minimum && priority < BigInt(minimum.maxPriorityFeePerGas))
    fields.priorityFeeGwei = `A replacement needs a priority fee of at least ${formatGwei(BigInt(minimum.maxPriorityFeePerGas))} gwei`
  if (maxFee === undefined || priority === undefined || Object.keys(fields).length > 0) {
    return { ok: false, fields }
  }
  const baseFee = BigInt(market.baseFeePerGas ?? '0x0')
  return {
    ok: true,
    option: feeOptionOf(
      {
        type: 'eip1559',
        maxFeePerGas: toQuantity(maxFee),
        maxPriorityFeePerGas: toQuantity(priority),
      },
      gasLimit,
    ),
    warning:
      maxFee < baseFee
        ? `The max fee is below the current base fee (${formatGwei(baseFee)} gwei): the transaction waits until the base fee falls`
        : null,
  }
}
