import type { LogFilter } from '../core/eth/validateFilter.ts'
import { queryTimeout, tooManyResults } from '../core/rpc/errors.ts'
import { type UpstreamAnswer, type UpstreamClient, UpstreamError } from './createUpstreamClient.ts'

export type LogQueryLimits = {
  /** More matching logs than this → `-32005 query returned more than <n> results`. */
  maxResults: number
  /** Longer than this → `-32005 query timeout exceeded`, and the upstream request is aborted. */
  timeoutMs: number
}

/**
 * Runs `eth_getLogs` upstream under the endpoint's result and time limits (DESIGN §5). Large results
 * are counted on their JSON text, piece by piece while the answer arrives, and forwarded as is: log
 * objects are flat and hold only hex strings and booleans, so each `{` opens exactly one log.
 */
export async function runLogQuery(
  upstream: UpstreamClient,
  filter: LogFilter,
  limits: LogQueryLimits,
): Promise<UpstreamAnswer> {
  let answer: UpstreamAnswer
  let braces = 0
  try {
    answer = await upstream.call('eth_getLogs', [filter], {
      timeoutMs: limits.timeoutMs,
      raw: true,
      onPiece: (piece) => {
        braces += countOpenBraces(piece)
      },
    })
  } catch (error) {
    if (error instanceof UpstreamError && error.reason === 'timeout') throw queryTimeout()
    throw error
  }
  // A raw result's answer was `{"jsonrpc":"2.0","id":…,"result":[…]}`: one brace is the envelope's.
  if ('rawResult' in answer && braces - 1 > limits.maxResults) {
    const overflow = findOverflow(answer.rawResult, limits.maxResults)
    throw tooManyResults(limits.maxResults, overflow && suggestRange(overflow))
  }
  if ('result' in answer && Array.isArray(answer.result)) {
    const logs = answer.result
    if (logs.length > limits.maxResults) {
      throw tooManyResults(
        limits.maxResults,
        suggestRange({ first: logs[0], firstExcluded: logs[limits.maxResults] }),
      )
    }
  }
  return answer
}

type Overflow = { first: unknown; firstExcluded: unknown }

function countOpenBraces(piece: Buffer): number {
  let count = 0
  for (let at = piece.indexOf(0x7b); at !== -1; at = piece.indexOf(0x7b, at + 1)) count++
  return count
}

/**
 * The first log and the first log beyond the limit, when the raw array (in pieces) holds more
 * than `max`.
 */
function findOverflow(raw: Buffer[], max: number): Overflow | undefined {
  let first: unknown
  let count = 0
  for (const [index, piece] of raw.entries()) {
    for (
      let position = piece.indexOf(0x7b);
      position !== -1;
      position = piece.indexOf(0x7b, position + 1)
    ) {
      count++
      if (count === 1) first = objectAt(raw, index, position)
      if (count > max) return { first, firstExcluded: objectAt(raw, index, position) }
    }
  }
  return undefined
}

/** The log object starting at `raw[index][start]`; it may run on into the next pieces. */
function objectAt(raw: Buffer[], index: number, start: number): unknown {
  const bytes: Buffer[] = []
  let from = start
  for (const piece of raw.slice(index)) {
    const end = piece.indexOf(0x7d, from)
    bytes.push(piece.subarray(from, end === -1 ? piece.length : end + 1))
    if (end !== -1) break
    from = 0
  }
  return JSON.parse(Buffer.concat(bytes).toString('utf8'))
}

/** The `blockNumber` of a log the node returned, when it has a hex one. */
const logBlockNumber = (log: unknown): bigint | undefined => {
  if (typeof log !== 'object' || log === null || !('blockNumber' in log)) return undefined
  const value = log.blockNumber
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined
}

/**
 * A block range that would fit: from the first matching block up to the block before the first log
 * beyond the limit. When one block alone holds more than the limit, that block (the narrowest
 * range there is).
 */
function suggestRange(overflow: Overflow): { from: string; to: string } | undefined {
  const from = logBlockNumber(overflow.first)
  const excluded = logBlockNumber(overflow.firstExcluded)
  if (from === undefined || excluded === undefined) return undefined
  const to = excluded - 1n >= from ? excluded - 1n : from
  return { from: `0x${from.toString(16)}`, to: `0x${to.toString(16)}` }
}
