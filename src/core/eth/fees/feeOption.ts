import { formatEther, formatGwei } from 'viem'
import type { Quantity } from '../hex.ts'

/** The three presets, slowest first. */
export const feeSpeeds = ['slow', 'normal', 'fast'] as const
export type FeeSpeed = (typeof feeSpeeds)[number]

/** What the user can pick on `send-fee` / `confirm-fee`: a preset or their own numbers. */
export type FeeChoiceName = FeeSpeed | 'custom'

/** The fee fields of a transaction: EIP-1559's two, or a legacy `gasPrice`. */
export type FeeFields =
  | { type: 'eip1559'; maxFeePerGas: Quantity; maxPriorityFeePerGas: Quantity }
  | { type: 'legacy'; gasPrice: Quantity }

/** A fee as the window shows it: its fields, in gwei, and what it costs at most for the gas limit. */
export type FeeOption = {
  fee: FeeFields
  /** `maxFeePerGas`, or the legacy `gasPrice`, in gwei. */
  maxFeeGwei: string
  /** `maxPriorityFeePerGas` in gwei; null on a legacy fee. */
  priorityFeeGwei: string | null
  /** Gas limit × max fee (or gas price), in wei and in the native coin. */
  costWei: string
  costEther: string
}

/** The most a transaction pays per gas with these fields, in wei. */
export const maxFeePerGasOf = (fee: FeeFields): bigint =>
  BigInt(fee.type === 'legacy' ? fee.gasPrice : fee.maxFeePerGas)

/**
 * The display of `fee` for a transaction of `gasLimit` gas (viem's units, no hand-written math).
 *
 * @example feeOptionOf({ type: 'legacy', gasPrice: '0x77359400' }, 21000n).costEther // '0.000042'
 */
export function feeOptionOf(fee: FeeFields, gasLimit: bigint): FeeOption {
  const cost = gasLimit * maxFeePerGasOf(fee)
  return {
    fee,
    maxFeeGwei: formatGwei(maxFeePerGasOf(fee)),
    priorityFeeGwei: fee.type === 'eip1559' ? formatGwei(BigInt(fee.maxPriorityFeePerGas)) : null,
    costWei: cost.toString(),
    costEther: formatEther(cost),
  }
}
