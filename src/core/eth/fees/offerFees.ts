import { formatGwei } from 'viem'
import type { Quantity } from '../hex.ts'
import type { CustomFeeInput } from './checkCustomFee.ts'
import { checkCustomFee } from './checkCustomFee.ts'
import type { FeeChoice } from './chooseFee.ts'
import type { FeeChoiceName, FeeFields, FeeOption } from './feeOption.ts'
import type { FeeMarket } from './readFeeMarket.ts'

/** The fee fields a transaction request may carry (a dapp's own, all optional). */
export type RequestedFees = {
  gasPrice?: Quantity
  maxFeePerGas?: Quantity
  maxPriorityFeePerGas?: Quantity
}

/**
 * The fee choice a confirmation offers: the chain's market (presets and their costs) and what the
 * select shows first, with the custom fields it starts from.
 */
export type TransactionFees = {
  market: FeeMarket
  choice: FeeChoiceName
  custom: CustomFeeInput
}

/** The offer's choice as the window sends it back (`FeeChoice`). */
export const feeChoiceOf = ({
  choice,
  custom,
}: Pick<TransactionFees, 'choice' | 'custom'>): FeeChoice =>
  choice === 'custom' ? { name: 'custom', ...custom } : { name: choice }

const gwei = (value: Quantity): string => formatGwei(BigInt(value))

/** A preset's fields as the custom inputs start from them. */
const customOf = (preset: FeeOption): CustomFeeInput => ({
  maxFeeGwei: preset.maxFeeGwei,
  priorityFeeGwei: preset.priorityFeeGwei ?? preset.maxFeeGwei,
})

/**
 * The fee offer of a transaction request on `market` (DESIGN §9 "Fees"): the fee the wallet's owner
 * already picked on the send screen (`picked`) is the default — a preset of this market, or their
 * custom numbers; else a dapp's own fee fields are the default, as `custom` (a legacy `gasPrice` is
 * both fields; a max fee without priority gets the `normal` tip, lowered to the max fee); a request
 * without fee fields starts on `normal`. The fee it starts with (`fee`) is undefined when a custom
 * one does not pass `checkCustomFee` — the window shows why and the user picks another.
 *
 * @example offerFees({ maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' }, market).choice // 'custom'
 * @example offerFees({}, market, { name: 'fast' }).fee // market.presets.fast.fee
 */
export function offerFees(
  requested: RequestedFees,
  market: FeeMarket,
  picked?: FeeChoice,
): TransactionFees & { fee: FeeFields | undefined } {
  const normal = market.presets.normal
  let custom = customOf(normal)
  if (picked !== undefined && picked.name !== 'custom') {
    const preset = market.presets[picked.name]
    return { market, choice: picked.name, custom: customOf(preset), fee: preset.fee }
  }
  if (picked !== undefined) {
    custom = { maxFeeGwei: picked.maxFeeGwei, priorityFeeGwei: picked.priorityFeeGwei }
  } else if (requested.gasPrice !== undefined) {
    custom = { maxFeeGwei: gwei(requested.gasPrice), priorityFeeGwei: gwei(requested.gasPrice) }
  } else if (requested.maxFeePerGas !== undefined) {
    const maxFee = BigInt(requested.maxFeePerGas)
    const normalTip =
      normal.fee.type === 'eip1559' ? BigInt(normal.fee.maxPriorityFeePerGas) : maxFee
    const tip =
      requested.maxPriorityFeePerGas !== undefined
        ? BigInt(requested.maxPriorityFeePerGas)
        : normalTip < maxFee
          ? normalTip
          : maxFee
    custom = { maxFeeGwei: formatGwei(maxFee), priorityFeeGwei: formatGwei(tip) }
  } else if (requested.maxPriorityFeePerGas !== undefined) {
    const tip = BigInt(requested.maxPriorityFeePerGas)
    const baseFee = BigInt(market.baseFeePerGas ?? '0x0')
    custom = { maxFeeGwei: formatGwei(2n * baseFee + tip), priorityFeeGwei: formatGwei(tip) }
  } else {
    return { market, choice: 'normal', custom, fee: normal.fee }
  }
  const checked = checkCustomFee(market, custom)
  return { market, choice: 'custom', custom, fee: checked.ok ? checked.option.fee : undefined }
}
