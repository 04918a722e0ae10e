import { isObject } from '@metamask/utils'
import type { LogFilter } from '../core/eth/validateFilter.ts'
import type { Json } from '../core/rpc/types.ts'
import type { FilterState, LogFilterState } from './createFilterStore.ts'
import type { UpstreamAnswer, UpstreamClient } from './createUpstreamClient.ts'
import { readHeadBlock } from './readHeadBlock.ts'
import { type LogQueryLimits, runLogQuery } from './runLogQuery.ts'

const hex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

/** `earliest` and hex numbers as a number; the moving tags (`latest`, `safe`, …) as undefined. */
const blockNumberOf = (block: string | undefined): bigint | undefined => {
  if (block === 'earliest') return 0n
  if (block?.startsWith('0x')) return BigInt(block)
  return undefined
}

/**
 * `eth_getFilterChanges` of one filter (DESIGN §5): the logs, or the block hashes, of the blocks
 * mined since its last poll. Polls of one filter run one after another, so no block is returned twice.
 */
export function pollFilter(
  state: FilterState,
  upstream: UpstreamClient,
  limits: LogQueryLimits,
): Promise<UpstreamAnswer> {
  const work = () =>
    state.kind === 'logs'
      ? logChanges(state, upstream, limits)
      : blockChanges(state, upstream, limits.timeoutMs)
  const next = state.queue.then(work, work)
  state.queue = next.catch(() => undefined)
  return next
}

async function logChanges(
  state: LogFilterState,
  upstream: UpstreamClient,
  limits: LogQueryLimits,
): Promise<UpstreamAnswer> {
  const { criteria } = state
  if (criteria.blockHash) {
    if (state.delivered) return { result: [] }
    const answer = await runLogQuery(upstream, criteria, limits)
    if (!('error' in answer)) state.delivered = true
    return answer
  }
  const head = await readHeadBlock(upstream, limits.timeoutMs)
  const lower = blockNumberOf(criteria.fromBlock)
  const upper = blockNumberOf(criteria.toBlock)
  const from = lower !== undefined && lower > state.nextBlock ? lower : state.nextBlock
  const to = upper !== undefined && upper < head ? upper : head
  if (from > to) {
    if (head + 1n > state.nextBlock) state.nextBlock = head + 1n
    return { result: [] }
  }
  const range: LogFilter = { fromBlock: hex(from), toBlock: hex(to) }
  if (criteria.address !== undefined) range.address = criteria.address
  if (criteria.topics !== undefined) range.topics = criteria.topics
  const answer = await runLogQuery(upstream, range, limits)
  if (!('error' in answer)) state.nextBlock = head + 1n
  return answer
}

async function blockChanges(
  state: FilterState,
  upstream: UpstreamClient,
  timeoutMs: number,
): Promise<UpstreamAnswer> {
  const head = await readHeadBlock(upstream, timeoutMs)
  const numbers: bigint[] = []
  for (let block = state.nextBlock; block <= head; block++) numbers.push(block)
  if (numbers.length === 0) return { result: [] }
  const blocks = await upstream.batch(
    numbers.map((block) => ({ method: 'eth_getBlockByNumber', params: [hex(block), false] })),
    { timeoutMs },
  )
  const hashes: Json[] = []
  for (const answer of blocks) {
    if ('error' in answer) return answer
    const block = 'result' in answer ? answer.result : null
    if (isObject(block) && block.hash) hashes.push(block.hash as Json)
  }
  state.nextBlock = head + 1n
  return { result: hashes }
}
