import { isObject } from '@metamask/utils'
import { invalidFields } from '../../rpc/errors.ts'
import { checkCustomFee } from './checkCustomFee.ts'
import { type FeeOption, type FeeSpeed, feeSpeeds } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

/** The fee the user picked, as the window sends it with its answer. */
export type FeeChoice =
  | { name: FeeSpeed }
  | { name: 'custom'; maxFeeGwei: string; priorityFeeGwei: string }

const isFeeSpeed = (value: unknown): value is FeeSpeed =>
  typeof value === 'string' && (feeSpeeds as readonly string[]).includes(value)

/** A `FeeChoice` read from a window's message, or undefined when it is not one. */
export function parseFeeChoice(value: unknown): FeeChoice | undefined {
  if (!isObject(value)) return undefined
  if (isFeeSpeed(value.name)) return { name: value.name }
  if (
    value.name === 'custom' &&
    typeof value.maxFeeGwei === 'string' &&
    typeof value.priorityFeeGwei === 'string'
  ) {
    return { name: 'custom', maxFeeGwei: value.maxFeeGwei, priorityFeeGwei: value.priorityFeeGwei }
  }
  return undefined
}

/**
 * The fee to sign for the user's choice: a preset of the market the window showed, or a custom fee
 * checked again here (`checkCustomFee`: bounded, positive, priority ≤ max), since the worker does not
 * take the window's numbers on trust. A refused custom fee throws `invalid_fields`.
 *
 * @example chooseFee(market, { name: 'fast' }) // market.presets.fast
 */
export function chooseFee(market: FeeMarket, choice: FeeChoice): FeeOption {
  if (choice.name !== 'custom') return market.presets[choice.name]
  const checked = checkCustomFee(market, choice)
  if (!checked.ok) throw invalidFields(checked.fields)
  return checked.option
}
