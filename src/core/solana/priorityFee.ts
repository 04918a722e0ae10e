import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  ComputeBudgetInstruction,
  identifyComputeBudgetInstruction,
  MAX_COMPUTE_UNIT_LIMIT,
  parseSetComputeUnitLimitInstruction,
  parseSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import { asKitInstruction, type RawInstruction } from './decodeInstruction.ts'

/** The compute units the runtime grants each instruction of a transaction that sets no limit. */
const defaultUnitsPerInstruction = 200_000n
const microLamportsPerLamport = 1_000_000n

/**
 * The prioritization fee a transaction pays on top of its base fee (decimal strings): its compute
 * unit price × its compute unit limit, in lamports rounded up. `unitLimitSet`: false when the
 * transaction sets no limit and the runtime's default was taken.
 */
export type PriorityFee = {
  microLamportsPerUnit: string
  unitLimit: string
  unitLimitSet: boolean
  lamports: string
}

/**
 * The priority fee of a transaction's instructions (DESIGN §9 "Fees": Solana's compute-unit price
 * is shown), read with `@solana-program/compute-budget`'s parsers: undefined when it sets no
 * compute unit price, or a price of 0. The limit is its `SetComputeUnitLimit`, else the runtime's
 * default — 200,000 units per instruction other than Compute Budget's, at most
 * `MAX_COMPUTE_UNIT_LIMIT` (1,400,000) — which is the most it can be charged for. As the runtime
 * does, the last instruction of each kind counts.
 *
 * @example priorityFeeOf([setComputeUnitLimit(300_000), setComputeUnitPrice(5_000n), transfer])
 * // { microLamportsPerUnit: '5000', unitLimit: '300000', unitLimitSet: true, lamports: '1500' }
 */
export function priorityFeeOf(instructions: readonly RawInstruction[]): PriorityFee | undefined {
  let price: bigint | undefined
  let limit: bigint | undefined
  let others = 0n
  for (const raw of instructions) {
    if (raw.programId !== COMPUTE_BUDGET_PROGRAM_ADDRESS) {
      others += 1n
      continue
    }
    const instruction = asKitInstruction(raw)
    const kind = identifyComputeBudgetInstruction(instruction)
    if (kind === ComputeBudgetInstruction.SetComputeUnitPrice) {
      price = parseSetComputeUnitPriceInstruction(instruction).data.microLamports
    } else if (kind === ComputeBudgetInstruction.SetComputeUnitLimit) {
      limit = BigInt(parseSetComputeUnitLimitInstruction(instruction).data.units)
    }
  }
  if (price === undefined || price === 0n) return undefined
  const maxLimit = BigInt(MAX_COMPUTE_UNIT_LIMIT)
  const defaultLimit = others * defaultUnitsPerInstruction
  const unitLimit = limit ?? (defaultLimit < maxLimit ? defaultLimit : maxLimit)
  const microLamports = price * unitLimit
  return {
    microLamportsPerUnit: price.toString(),
    unitLimit: unitLimit.toString(),
    unitLimitSet: limit !== undefined,
    lamports: ((microLamports + microLamportsPerLamport - 1n) / microLamportsPerLamport).toString(),
  }
}
