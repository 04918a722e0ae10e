import { isObject } from '@metamask/utils'
import type { LogFilter } from '../core/eth/validateFilter.ts'
import { filterNotFound, internalError } from '../core/rpc/errors.ts'
import type { Json } from '../core/rpc/types.ts'
import type { UpstreamAnswer, UpstreamClient } from './createUpstreamClient.ts'
import { type LogQueryLimits, runLogQuery } from './runLogQuery.ts'
import type { BlockCursor, DeliveredBlock, FilterStore, StoredFilter } from './state/filterStore.ts'

/** Blocks remembered per filter above the finalized head, to undo them on a reorg. */
const maxRecentBlocks = 256
/** Logs remembered per filter above the finalized head (older blocks' logs are forgotten first). */
const maxRecentLogs = 2_000
/** Polls of one filter that lose the compare-and-set to another process before giving up. */
const maxAttempts = 20

type Head = BlockCursor

const hex = (value: bigint): `0x${string}` => `0x${value.toString(16)}`

/** `earliest` and hex numbers as a number; the moving tags (`latest`, `safe`, …) as undefined. */
const fixedBlockNumber = (block: string | undefined): bigint | undefined => {
  if (block === 'earliest') return 0n
  if (block?.startsWith('0x')) return BigInt(block)
  return undefined
}

const cursorOf = (block: Json | undefined): Head | undefined =>
  isObject(block) && typeof block.number === 'string' && typeof block.hash === 'string'
    ? { number: block.number as `0x${string}`, hash: block.hash as `0x${string}` }
    : undefined

const resultOf = (answer: UpstreamAnswer | undefined): Json | undefined =>
  answer && 'result' in answer ? answer.result : undefined

export type FilterChangesContext = {
  upstream: UpstreamClient
  filters: FilterStore
  limits: LogQueryLimits
}

type Step = { answer: UpstreamAnswer; next?: StoredFilter }

/** Where the chain stands for a poll from `cursor`: the head, the finalized block, the cursor's block. */
async function readChain(
  context: FilterChangesContext,
  cursor: BlockCursor,
): Promise<{ head: Head; finalized: bigint; cursorCanonical: boolean }> {
  const answers = await context.upstream.batch(
    [
      { method: 'eth_getBlockByNumber', params: ['latest', false] },
      { method: 'eth_getBlockByNumber', params: ['finalized', false] },
      { method: 'eth_getBlockByNumber', params: [cursor.number, false] },
    ],
    { timeoutMs: context.limits.timeoutMs },
  )
  const head = cursorOf(resultOf(answers[0]))
  if (!head)
    throw internalError(`upstream eth_getBlockByNumber answered ${JSON.stringify(answers[0])}`)
  const finalized = cursorOf(resultOf(answers[1]))
  const atCursor = cursorOf(resultOf(answers[2]))
  return {
    head,
    finalized: finalized ? BigInt(finalized.number) : 0n,
    cursorCanonical: atCursor?.hash === cursor.hash,
  }
}

/**
 * After a reorg: which remembered blocks the node no longer has on its chain, which it still has,
 * and the first block to read again. A block still canonical proves its ancestors are too, so the
 * fork lies above the highest block kept; with none kept, the first block the filter covers above
 * the finalized head (a reorg below finalized is not expected; docs/endpoint.md).
 */
async function findFork(
  context: FilterChangesContext,
  filter: StoredFilter,
  finalized: bigint,
): Promise<{ dropped: DeliveredBlock[]; kept: DeliveredBlock[]; from: bigint }> {
  const answers = filter.recent.length
    ? await context.upstream.batch(
        filter.recent.map((block) => ({
          method: 'eth_getBlockByNumber',
          params: [block.number, false],
        })),
        { timeoutMs: context.limits.timeoutMs },
      )
    : []
  const dropped: DeliveredBlock[] = []
  const kept: DeliveredBlock[] = []
  for (const [index, block] of filter.recent.entries()) {
    const answer = answers[index]
    if (answer && 'error' in answer) throw internalError(answer.error.message)
    if (cursorOf(resultOf(answer))?.hash === block.hash) kept.push(block)
    else dropped.push(block)
  }
  const since = BigInt(filter.since)
  const highestKept = kept.at(-1)
  const from = highestKept
    ? BigInt(highestKept.number) + 1n
    : finalized + 1n > since
      ? finalized + 1n
      : since
  return { dropped, kept, from }
}

/** The remembered blocks above `finalized`, newest kept first when over the bounds. */
function remember(blocks: DeliveredBlock[], finalized: bigint): DeliveredBlock[] {
  const above = blocks.filter((block) => BigInt(block.number) > finalized)
  let logs = 0
  let start = above.length
  while (start > 0 && above.length - start < maxRecentBlocks) {
    const count = (above[start - 1] as DeliveredBlock).logs.length
    if (logs + count > maxRecentLogs) break
    logs += count
    start--
  }
  return above.slice(start)
}

/** Logs of one answer grouped by their block, in order. */
function byBlock(logs: Json[]): DeliveredBlock[] {
  const blocks: DeliveredBlock[] = []
  for (const log of logs) {
    if (
      !isObject(log) ||
      typeof log.blockNumber !== 'string' ||
      typeof log.blockHash !== 'string'
    ) {
      continue
    }
    const last = blocks.at(-1)
    if (last?.hash === log.blockHash) last.logs.push(log as Json)
    else {
      blocks.push({
        number: log.blockNumber as `0x${string}`,
        hash: log.blockHash as `0x${string}`,
        logs: [log as Json],
      })
    }
  }
  return blocks
}

const logsOf = (answer: UpstreamAnswer): Json[] => {
  if ('rawResult' in answer) {
    return JSON.parse(Buffer.concat(answer.rawResult).toString('utf8')) as Json[]
  }
  return 'result' in answer && Array.isArray(answer.result) ? answer.result : []
}

async function logChanges(
  context: FilterChangesContext,
  filter: Extract<StoredFilter, { kind: 'logs' }>,
): Promise<Step> {
  const { criteria } = filter
  if (criteria.blockHash) {
    if (filter.delivered) return { answer: { result: [] } }
    const answer = await runLogQuery(context.upstream, criteria, context.limits)
    return 'error' in answer ? { answer } : { answer, next: { ...filter, delivered: true } }
  }
  const chain = await readChain(context, filter.cursor)
  let removed: Json[] = []
  let kept = filter.recent
  let from = BigInt(filter.cursor.number) + 1n
  if (!chain.cursorCanonical) {
    const fork = await findFork(context, filter, chain.finalized)
    removed = fork.dropped.flatMap((block) =>
      block.logs.map((log) => (isObject(log) ? ({ ...log, removed: true } as Json) : log)),
    )
    kept = fork.kept
    from = fork.from
  }
  const lower = fixedBlockNumber(criteria.fromBlock)
  const upper = fixedBlockNumber(criteria.toBlock)
  const head = BigInt(chain.head.number)
  const start = lower !== undefined && lower > from ? lower : from
  const end = upper !== undefined && upper < head ? upper : head
  let added: Json[] = []
  if (start <= end) {
    const range: LogFilter = { fromBlock: hex(start), toBlock: hex(end) }
    if (criteria.address !== undefined) range.address = criteria.address
    if (criteria.topics !== undefined) range.topics = criteria.topics
    const answer = await runLogQuery(context.upstream, range, context.limits)
    if ('error' in answer) return { answer }
    added = logsOf(answer)
  }
  if (removed.length === 0 && added.length === 0 && chain.head.hash === filter.cursor.hash) {
    return { answer: { result: [] } }
  }
  return {
    answer: { result: [...removed, ...added] },
    next: {
      ...filter,
      cursor: chain.head,
      recent: remember([...kept, ...byBlock(added)], chain.finalized),
    },
  }
}

async function blockChanges(
  context: FilterChangesContext,
  filter: Extract<StoredFilter, { kind: 'blocks' }>,
): Promise<Step> {
  const chain = await readChain(context, filter.cursor)
  let kept = filter.recent
  let from = BigInt(filter.cursor.number) + 1n
  if (!chain.cursorCanonical) {
    const fork = await findFork(context, filter, chain.finalized)
    kept = fork.kept
    from = fork.from
  }
  const head = BigInt(chain.head.number)
  if (from > head) return { answer: { result: [] } }
  const numbers: bigint[] = []
  for (let block = from; block <= head; block++) numbers.push(block)
  const answers = await context.upstream.batch(
    numbers.map((block) => ({ method: 'eth_getBlockByNumber', params: [hex(block), false] })),
    { timeoutMs: context.limits.timeoutMs },
  )
  const blocks: DeliveredBlock[] = []
  for (const answer of answers) {
    if ('error' in answer) return { answer }
    const block = cursorOf(resultOf(answer))
    if (block) blocks.push({ ...block, logs: [] })
  }
  const last = blocks.at(-1)
  return {
    answer: { result: blocks.map((block) => block.hash) },
    next: {
      ...filter,
      cursor: last ?? chain.head,
      recent: remember([...kept, ...blocks], chain.finalized),
    },
  }
}

/**
 * `eth_getFilterChanges` (DESIGN §5) from the filter's cursor to the head, on any process: after a
 * reorg, first the logs of the dropped blocks again with `removed: true`, then the new canonical
 * logs. The cursor advances by compare-and-set; a poll that loses to a concurrent poll on another
 * process reads again from the new cursor, so no block is returned twice. Polls of one filter in
 * this process wait for each other, so only polls on other processes ever race.
 */
export function createPollFilter(
  context: FilterChangesContext,
): (apiKey: string, id: string) => Promise<UpstreamAnswer> {
  const turns = new Map<string, Promise<unknown>>()

  const inTurn = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const next = (turns.get(key) ?? Promise.resolve()).then(work, work)
    const settled = next.catch(() => undefined)
    turns.set(key, settled)
    settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key)
    })
    return next
  }

  return (apiKey, id) =>
    inTurn(`${apiKey}:${id}`, async () => {
      for (let attempt = 0; attempt < maxAttempts; attempt++) {
        const record = await context.filters.poll(apiKey, id)
        if (!record) throw filterNotFound()
        const { filter } = record
        const step =
          filter.kind === 'logs'
            ? await logChanges(context, filter)
            : await blockChanges(context, filter)
        if (!step.next) return step.answer
        if (await context.filters.replace(apiKey, id, record.version, step.next)) {
          return step.answer
        }
      }
      throw internalError('filter polled concurrently too often; poll again')
    })
}
