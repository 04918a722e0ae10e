import { isObject } from '@metamask/utils'
import type { LogFilter } from '../core/eth/validateFilter.ts'
import { filterNotFound, internalError } from '../core/rpc/errors.ts'
import type { Json } from '../core/rpc/types.ts'
import type { UpstreamAnswer, UpstreamClient } from './createUpstreamClient.ts'
import { type LogQueryLimits, runLogQuery } from './runLogQuery.ts'
import {
  type BlockCursor,
  claimTtlMs,
  type DeliveredBlock,
  type FilterStore,
  type StoredFilter,
} from './state/filterStore.ts'
import type { AfterWrite, RpcAnswer } from './types.ts'

/** Blocks remembered per filter above the finalized head, to undo them on a reorg. */
const maxRecentBlocks = 256
/** Logs remembered per filter above the finalized head (older blocks' logs are forgotten first). */
const maxRecentLogs = 2_000
/**
 * Bytes of those logs (as JSON text) per filter: the store keeps and reads them back on every poll,
 * and one log's data may be large, so a count alone does not bound a filter's size.
 */
const maxRecentBytes = 1024 * 1024
/** Polls of one filter that lose the claim to another process before giving up. */
const maxAttempts = 20
/** How much longer than the query timeout a poll waits for another process's poll of its filter. */
const busyMarginMs = 2000
/** First and longest sleep between looks at a filter another process is answering. */
const firstWaitMs = 5
const longestWaitMs = 50

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
  /**
   * A commit or release that failed after the answer went out (Redis down): nothing is lost, the
   * claim expires and the next poll returns those changes again.
   */
  onSettleFailure(error: unknown): void
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

/**
 * The blocks a filter remembers: those above `finalized`, whole blocks, the newest first, within
 * 256 blocks, 2,000 logs and 1 MiB of logs (JSON text, measured only for the blocks kept).
 */
export function remember(blocks: DeliveredBlock[], finalized: bigint): DeliveredBlock[] {
  const above = blocks.filter((block) => BigInt(block.number) > finalized)
  let logs = 0
  let bytes = 0
  let start = above.length
  while (start > 0 && above.length - start < maxRecentBlocks) {
    const block = above[start - 1] as DeliveredBlock
    if (logs + block.logs.length > maxRecentLogs) break
    const size = block.logs.reduce<number>((total, log) => total + JSON.stringify(log).length, 0)
    if (bytes + size > maxRecentBytes) break
    logs += block.logs.length
    bytes += size
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true as const), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `eth_getFilterChanges` (DESIGN §5) from the filter's cursor to the head, on any process: after a
 * reorg, first the logs of the dropped blocks again with `removed: true`, then the new canonical
 * logs.
 *
 * Claim, answer, commit: a poll with changes claims the filter (refused if the filter moved on or
 * another poll claimed it: it starts again), and its answer carries `afterWrite`, which the
 * transport calls once it knows whether the answer was written out; only then does the cursor move
 * (`commit`), or stay for the next poll (`release`: the client went away, the call was a
 * notification). A poll that finds a live claim of another process waits for it; a dead holder's
 * claim (a killed worker) is taken over. So no block is returned twice by concurrent polls, and
 * none is lost by a poll whose answer never left. Polls of one filter in this process wait for
 * each other until the previous one is settled, so only polls on other processes ever meet a claim.
 */
export function createPollFilter(
  context: FilterChangesContext,
): (apiKey: string, id: string) => Promise<RpcAnswer> {
  const { filters } = context
  /** Per filter, the end of the last poll's turn in this process. */
  const turns = new Map<string, Promise<void>>()

  /** The changes since the cursor, claimed when there are any (else nothing is stored). */
  async function claimedChanges(
    apiKey: string,
    id: string,
  ): Promise<{ answer: UpstreamAnswer; claimed?: { claim: string; next: StoredFilter } }> {
    const deadline = Date.now() + context.limits.timeoutMs + busyMarginMs
    let wait = firstWaitMs
    for (let attempt = 0; attempt < maxAttempts; ) {
      const record = await filters.poll(apiKey, id)
      if (!record) throw filterNotFound()
      if (record.claim?.holderAlive) {
        if (Date.now() + wait > deadline) throw internalError('filter busy; poll again')
        await sleep(wait)
        wait = Math.min(wait * 2, longestWaitMs)
        continue
      }
      const { filter } = record
      const step =
        filter.kind === 'logs'
          ? await logChanges(context, filter)
          : await blockChanges(context, filter)
      if (!step.next) return { answer: step.answer }
      const claim = await filters.claim(apiKey, id, record.version, record.claim?.value)
      if (claim !== undefined) return { answer: step.answer, claimed: { claim, next: step.next } }
      attempt++
    }
    throw internalError('filter polled concurrently too often; poll again')
  }

  return async (apiKey, id) => {
    const key = `${apiKey}:${id}`
    const previous = turns.get(key)
    let resolveTurn: (() => void) | undefined
    const turn = new Promise<void>((resolve) => {
      resolveTurn = resolve
    })
    turns.set(key, turn)
    const endTurn = () => {
      if (turns.get(key) === turn) turns.delete(key)
      resolveTurn?.()
    }
    // The previous poll of this filter here may be waiting for a slow client to read its answer:
    // bounded like a wait for another process's claim. Later polls still queue behind it.
    if (previous && !(await settlesWithin(previous, context.limits.timeoutMs + busyMarginMs))) {
      previous.then(endTurn)
      throw internalError('filter busy; poll again')
    }
    let changes: Awaited<ReturnType<typeof claimedChanges>>
    try {
      changes = await claimedChanges(apiKey, id)
    } catch (error) {
      endTurn()
      throw error
    }
    const { answer, claimed } = changes
    if (!claimed) {
      endTurn()
      return answer
    }
    let settled = false
    const afterWrite: AfterWrite = (written) => {
      if (settled) return
      settled = true
      clearTimeout(backstop)
      const settling = written
        ? filters.commit(apiKey, id, claimed.claim, claimed.next)
        : filters.release(apiKey, id, claimed.claim)
      // A refused commit (the claim expired or was taken over) means those changes go out again
      // with the next poll: at-least-once, docs/endpoint.md.
      settling.catch(context.onSettleFailure).finally(endTurn)
    }
    // A transport that never settles must not hold the filter for ever: released like a lost answer.
    const backstop = setTimeout(() => afterWrite(false), claimTtlMs)
    backstop.unref()
    return { ...answer, afterWrite }
  }
}
