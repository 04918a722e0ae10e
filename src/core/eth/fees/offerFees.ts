import { formatGwei } from 'viem'
import type { Quantity } from '../hex.ts'
import type { CustomFeeInput } from './checkCustomFee.ts'
import { checkCustomFee } from './checkCustomFee.ts'
import type { FeeChoice } from './chooseFee.ts'
import type { FeeChoiceName, FeeFields } from './feeOption.ts'
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

/**
 * The fee offer of a transaction request on `market` (DESIGN §9 "Fees"): a dapp's own fee fields are
 * the default, as `custom` (a legacy `gasPrice` is both fields; a max fee without priority gets the
 * `normal` tip, lowered to the max fee); a request without fee fields starts on `normal`. The fee it
 * starts with (`fee`) is undefined when the dapp's own does not pass `checkCustomFee` — the window
 * shows why and the user picks another.
 *
 * @example offerFees({ maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' }, market).choice // 'custom'
 */
export function offerFees(
  requested: RequestedFees,
  market: FeeMarket,
): TransactionFees & { fee: FeeFields | undefined } {
  const normal = market.presets.normal
  let custom: CustomFeeInput = {
    maxFeeGwei: normal.maxFeeGwei,
    priorityFeeGwei: normal.priorityFeeGwei ?? normal.maxFeeGwei,
  }
  if (requested.gasPrice !== undefined) {
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
