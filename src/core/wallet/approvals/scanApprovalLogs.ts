import { type Address, type Hex, pad, type RpcLog } from 'viem'
import { NodeAnswerError, type NodeCall } from '../../eth/nodeCall.ts'
import { toQuantity } from '../../eth/quantity.ts'
import type { RpcErrorObject } from '../../rpc/types.ts'
import { approvalEventTopics } from './approvalAbis.ts'

export type ScanApprovalLogsParameters = {
  call: NodeCall
  owner: Address
  /** The last block scanned (the head the approvals are checked at). */
  toBlock: bigint
  /** The first block scanned; 0 by default (the whole chain). */
  fromBlock?: bigint
  /** The most blocks one `eth_getLogs` covers. */
  rangeSize?: bigint
  /** The most `eth_getLogs` calls one scan makes, halved ranges included: a scan is bounded. */
  maxCalls?: number
}

/** Blocks per `eth_getLogs` at first: small enough for a node's time limit on a busy chain. */
export const defaultRangeSize = 50_000n
const defaultMaxCalls = 2_000

/**
 * A node's refusal of a range too large for it, which a narrower range avoids: the endpoint's
 * `-32005 query returned more than 10000 results` (DESIGN §5) and `-32005 query timeout exceeded`.
 * A rate limit (also `-32005`) is no such refusal: halving the range would only ask more.
 */
const isRangeTooLarge = (error: RpcErrorObject): boolean =>
  error.code === -32005 && /results|timeout/i.test(error.message)

/**
 * A scan stopped at its `maxCalls`: the logs it read before, which cover `fromBlock` to `readTo`
 * (every range up to it read in full; `fromBlock - 1` when none was), so the next scan can go on
 * from `readTo + 1` instead of starting again where this one did.
 */
export class ApprovalScanLimitError extends Error {
  readonly logs: RpcLog[]
  readonly readTo: bigint

  constructor(maxCalls: number, logs: RpcLog[], readTo: bigint) {
    super(`the approval scan needed more than ${maxCalls} calls`)
    this.name = 'ApprovalScanLimitError'
    this.logs = logs
    this.readTo = readTo
  }
}

/**
 * Every `Approval`, `ApprovalForAll` and Permit2 `Approval` / `Permit` log whose owner (the first
 * indexed argument of each) is `owner`, from `fromBlock` to `toBlock`, oldest range first. The
 * chain is read in ranges of at most `rangeSize` blocks; a range the node refuses as too large
 * (more than its result cap, or its time limit) is read again as two halves, down to one block.
 * Throws the node's error otherwise (`NodeAnswerError`), and past `maxCalls` calls
 * (`ApprovalScanLimitError`, with what was read by then).
 *
 * @example
 * await scanApprovalLogs({ call, owner: '0xf39F…2266', toBlock: 21_000_000n })
 * // [{ address: '0x5FbD…', topics: ['0x8c5b…', '0x…f39f…', '0x…7099…'], data: '0x…', … }]
 */
export async function scanApprovalLogs({
  call,
  owner,
  toBlock,
  fromBlock = 0n,
  rangeSize = defaultRangeSize,
  maxCalls = defaultMaxCalls,
}: ScanApprovalLogsParameters): Promise<RpcLog[]> {
  const topics = [Object.values(approvalEventTopics), pad(owner.toLowerCase() as Hex)]
  const ranges: Array<[bigint, bigint]> = []
  for (let start = toBlock; start >= fromBlock; start -= rangeSize) {
    const low = start - rangeSize + 1n
    ranges.push([low > fromBlock ? low : fromBlock, start])
  }
  const logs: RpcLog[] = []
  let calls = 0
  // Ranges are taken from the end of the list: the oldest first, a halved range's lower half first,
  // so the ranges read so far are always `fromBlock` to the last one's end.
  let readTo = fromBlock - 1n
  while (ranges.length > 0) {
    const [from, to] = ranges.pop() as [bigint, bigint]
    if (++calls > maxCalls) throw new ApprovalScanLimitError(maxCalls, logs, readTo)
    const answer = await call('eth_getLogs', [
      { fromBlock: toQuantity(from), toBlock: toQuantity(to), topics },
    ])
    if ('error' in answer) {
      if (!isRangeTooLarge(answer.error) || from === to) {
        throw new NodeAnswerError('eth_getLogs', answer.error)
      }
      const middle = from + (to - from) / 2n
      ranges.push([middle + 1n, to], [from, middle])
      continue
    }
    if (!Array.isArray(answer.result)) throw new Error('eth_getLogs answered no list')
    logs.push(...(answer.result as RpcLog[]))
    readTo = to
  }
  return logs
}
