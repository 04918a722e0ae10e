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
 * are counted on their JSON text and forwarded as is: log objects are flat and hold only hex strings
 * and booleans, so each `{` opens exactly one log.
 */
export async function runLogQuery(
  upstream: UpstreamClient,
  filter: LogFilter,
  limits: LogQueryLimits,
): Promise<UpstreamAnswer> {
  let answer: UpstreamAnswer
  try {
    answer = await upstream.call('eth_getLogs', [filter], {
      timeoutMs: limits.timeoutMs,
      raw: true,
    })
  } catch (error) {
    if (error instanceof UpstreamError && error.reason === 'timeout') throw queryTimeout()
    throw error
  }
  if ('rawResult' in answer) {
    const overflow = findOverflow(answer.rawResult, limits.maxResults)
    if (overflow) throw tooManyResults(limits.maxResults, suggestRange(overflow))
    return answer
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

/** The first log and the first log beyond the limit, when the raw array holds more than `max`. */
function findOverflow(raw: Buffer, max: number): Overflow | undefined {
  let position = raw.indexOf(0x7b)
  const firstStart = position
  for (let count = 1; position !== -1 && count <= max; count++) {
    position = raw.indexOf(0x7b, position + 1)
  }
  if (position === -1) return undefined
  return { first: objectAt(raw, firstStart), firstExcluded: objectAt(raw, position) }
}

function objectAt(raw: Buffer, start: number): unknown {
  const end = raw.indexOf(0x7d, start)
  return JSON.parse(raw.toString('utf8', start, end + 1))
}

const blockNumberOf = (log: unknown): bigint | undefined => {
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
  const from = blockNumberOf(overflow.first)
  const excluded = blockNumberOf(overflow.firstExcluded)
  if (from === undefined || excluded === undefined) return undefined
  const to = excluded - 1n >= from ? excluded - 1n : from
  return { from: `0x${from.toString(16)}`, to: `0x${to.toString(16)}` }
}
