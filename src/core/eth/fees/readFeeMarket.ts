import { isObject } from '@metamask/utils'
import type { Json } from '../../rpc/types.ts'
import type { Quantity } from '../hex.ts'
import { NodeAnswerError, type NodeCall, nodeResult } from '../nodeCall.ts'
import { readQuantity, toQuantity } from '../quantity.ts'
import {
  type FeeFields,
  type FeeOption,
  type FeeSpeed,
  feeOptionOf,
  feeSpeeds,
} from './feeOption.ts'

/** How many recent blocks `eth_feeHistory` reads. */
export const feeHistoryBlocks = 20
/** The priority-fee percentile of each preset (of each block's transactions, by gas used). */
export const feePercentiles: Record<FeeSpeed, number> = { slow: 10, normal: 50, fast: 90 }

/**
 * The chain's fee market for a transaction of `gasLimit` gas: the next block's base fee (null on a
 * chain without EIP-1559) and the three presets, each with its cost.
 */
export type FeeMarket = {
  kind: 'eip1559' | 'legacy'
  /** The next block's base fee, in wei; null on a legacy chain. */
  baseFeePerGas: Quantity | null
  gasLimit: Quantity
  presets: Record<FeeSpeed, FeeOption>
  /**
   * The lowest fee accepted (a replacement's: `bumpFeeMarket`): the presets are at least this, and
   * a custom fee below it is refused.
   */
  minimum?: { maxFeePerGas: Quantity; maxPriorityFeePerGas: Quantity }
}

const quantity = (method: string, value: Json | undefined): bigint => {
  const number = readQuantity(value)
  if (number === undefined) {
    throw new NodeAnswerError(method, {
      code: -32603,
      message: `the node answered ${method} with something that is not a quantity`,
    })
  }
  return number
}

const median = (values: bigint[]): bigint => {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0n
}

/**
 * The tip of each preset: per percentile, the median over the blocks that carried transactions (an
 * empty block reports 0 rewards, which says nothing of the market). Undefined when none did.
 */
function tipsOf(history: Record<string, Json>): Record<FeeSpeed, bigint> | undefined {
  const rewards = Array.isArray(history.reward) ? history.reward : []
  const ratios = Array.isArray(history.gasUsedRatio) ? history.gasUsedRatio : []
  const busy = rewards.filter(
    (reward, index): reward is Json[] =>
      Array.isArray(reward) && typeof ratios[index] === 'number' && ratios[index] > 0,
  )
  if (busy.length === 0) return undefined
  const column = (index: number): bigint =>
    median(busy.map((reward) => quantity('eth_feeHistory', reward[index])))
  return { slow: column(0), normal: column(1), fast: column(2) }
}

const presetsOf = (
  fee: (speed: FeeSpeed) => FeeFields,
  gasLimit: bigint,
): Record<FeeSpeed, FeeOption> => ({
  slow: feeOptionOf(fee('slow'), gasLimit),
  normal: feeOptionOf(fee('normal'), gasLimit),
  fast: feeOptionOf(fee('fast'), gasLimit),
})

/** The fee market of a legacy chain (no base fee): every preset is the node's `eth_gasPrice`. */
async function legacyMarket(call: NodeCall, gasLimit: bigint): Promise<FeeMarket> {
  const gasPrice = toQuantity(quantity('eth_gasPrice', await nodeResult(call, 'eth_gasPrice', [])))
  return {
    kind: 'legacy',
    baseFeePerGas: null,
    gasLimit: toQuantity(gasLimit),
    presets: presetsOf(() => ({ type: 'legacy', gasPrice }), gasLimit),
  }
}

/** The node's own suggested tip (`eth_maxPriorityFeePerGas`), for every preset. */
async function defaultTips(call: NodeCall): Promise<Record<FeeSpeed, bigint>> {
  const tip = quantity(
    'eth_maxPriorityFeePerGas',
    await nodeResult(call, 'eth_maxPriorityFeePerGas', []),
  )
  return { slow: tip, normal: tip, fast: tip }
}

/** An EIP-1559 market: max fee = 2 × `baseFee` + each preset's tip. */
const eip1559Market = (
  baseFee: bigint,
  tips: Record<FeeSpeed, bigint>,
  gasLimit: bigint,
): FeeMarket => ({
  kind: 'eip1559',
  baseFeePerGas: toQuantity(baseFee),
  gasLimit: toQuantity(gasLimit),
  presets: presetsOf(
    (speed) => ({
      type: 'eip1559',
      maxFeePerGas: toQuantity(2n * baseFee + tips[speed]),
      maxPriorityFeePerGas: toQuantity(tips[speed]),
    }),
    gasLimit,
  ),
})

/**
 * Reads the fee presets of a chain (DESIGN §9 "Fees"): `eth_feeHistory` over the last
 * `feeHistoryBlocks` blocks with the priority fee at the 10th / 50th / 90th percentile for
 * `slow` / `normal` / `fast`, and max fee = 2 × the next block's base fee + priority, so the
 * transaction stays includable through several full blocks. When no block of the window carried a
 * transaction, every preset takes the node's `eth_maxPriorityFeePerGas`.
 *
 * Whether the chain is EIP-1559 is its latest block's to say, not the history's: when
 * `eth_feeHistory` answers an error, no base fee, or a base fee of 0 for the next block or the latest
 * (which some legacy chains' nodes report, and a node whose next block is the first with a base
 * fee), the latest block is read (`eth_getBlockByNumber`); a block with `baseFeePerGas` makes an
 * EIP-1559 market on that base fee (the history's next one when it is higher) with the node's
 * `eth_maxPriorityFeePerGas` as every preset's tip (the history's tips when it reported base
 * fees), a block without one a legacy market where every preset is `eth_gasPrice`. A history
 * whose base fees are all above 0 is taken as the blocks' own: the block is not read on every fee
 * read to second-guess it. A node error on any of these fallback calls is
 * thrown as `NodeAnswerError` (the request stops with the node's own words, never a guessed fee).
 *
 * @example
 * const market = await readFeeMarket(call, 21000n)
 * market.presets.fast.fee // { type: 'eip1559', maxFeePerGas: '0x…', maxPriorityFeePerGas: '0x…' }
 * market.presets.fast.costEther // '0.000147'
 */
export async function readFeeMarket(call: NodeCall, gasLimit: bigint): Promise<FeeMarket> {
  const answer = await call('eth_feeHistory', [
    toQuantity(feeHistoryBlocks),
    'latest',
    feeSpeeds.map((speed) => feePercentiles[speed]),
  ])
  const history = 'result' in answer && isObject(answer.result) ? answer.result : undefined
  const baseFees = Array.isArray(history?.baseFeePerGas) ? history.baseFeePerGas : []
  const historyBaseFee = (index: number): bigint | undefined => {
    const value = baseFees[index]
    return history === undefined || value === undefined || value === null
      ? undefined
      : quantity('eth_feeHistory', value)
  }
  const baseFee = historyBaseFee(baseFees.length - 1)
  // Some legacy chains' nodes report base fees of 0 in their history, and a node whose next block
  // is the chain's first with a base fee reports it after a latest block of 0: the latest block
  // decides. Otherwise the history's base fees are the block's, read at no extra call.
  if (
    history === undefined ||
    baseFee === undefined ||
    baseFee === 0n ||
    historyBaseFee(baseFees.length - 2) === 0n
  ) {
    const block = await nodeResult(call, 'eth_getBlockByNumber', ['latest', false])
    const blockBaseFee = isObject(block) ? block.baseFeePerGas : undefined
    if (blockBaseFee === undefined || blockBaseFee === null) return legacyMarket(call, gasLimit)
    const latestBaseFee = quantity('eth_getBlockByNumber', blockBaseFee)
    const historyTips = history === undefined || baseFee === undefined ? undefined : tipsOf(history)
    return eip1559Market(
      // The next block's base fee when the history has one above the latest block's.
      baseFee !== undefined && baseFee > latestBaseFee ? baseFee : latestBaseFee,
      historyTips ?? (await defaultTips(call)),
      gasLimit,
    )
  }
  return eip1559Market(baseFee, tipsOf(history) ?? (await defaultTips(call)), gasLimit)
}
