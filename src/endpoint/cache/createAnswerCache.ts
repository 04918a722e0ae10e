import type { UpstreamAnswer } from '../createUpstreamClient.ts'
import type { CacheRules } from '../types.ts'
import type { FinalityTracker } from './createFinalityTracker.ts'
import type { ResponseCache } from './responseCache.ts'

/** The bytes of an answer's result, as the node wrote it (or as its JSON text). */
const resultBytes = (answer: UpstreamAnswer): Buffer | undefined => {
  if ('rawResult' in answer) return Buffer.concat(answer.rawResult)
  if ('result' in answer && answer.result !== null)
    return Buffer.from(JSON.stringify(answer.result))
  return undefined
}

/**
 * Answers `method(params)` from the cache, or by `ask`ing the node (and keeps it if immutable);
 * `paramsText` is the params' JSON text as sent (`paramsTextOf`), the cache's key, handed to `ask`.
 */
export type AnswerCache = (
  method: string,
  params: unknown,
  paramsText: string,
  ask: (paramsText: string) => Promise<UpstreamAnswer>,
) => Promise<UpstreamAnswer>

export type CacheAnswersParameters = {
  cache: ResponseCache
  /** The network's: which answers are constant, which belong to a block (slot). */
  rules: CacheRules
  finality: FinalityTracker
  /** A cache that fails (Redis down) is skipped: the node answers. */
  onCacheError(error: unknown): void
}

/**
 * The finality-aware response cache in front of the node (issue 12): answers that can no longer
 * change (the network's `rules`: constants, and answers of a block or slot at or below the
 * finalized head) are served from the cache as the JSON text the node sent; anything about what
 * still moves goes to the node.
 */
export function createAnswerCache(parameters: CacheAnswersParameters): AnswerCache {
  const { cache, finality, rules } = parameters

  /** A cacheable read: from the cache, or from the node (and kept when it can no longer change). */
  async function lookUp(
    method: string,
    params: unknown,
    paramsText: string,
    ask: (paramsText: string) => Promise<UpstreamAnswer>,
  ): Promise<UpstreamAnswer> {
    const key = `${method}:${paramsText}`
    let hit: Buffer | undefined
    try {
      hit = await cache.get(key)
    } catch (error) {
      parameters.onCacheError(error)
    }
    if (hit !== undefined) return { rawResult: [hit] }
    const answer = await ask(paramsText)
    if ('error' in answer) return answer
    const finalized = finality.finalized()
    const block = rules.blockOf(method, params, answer)
    const immutable =
      rules.isConstant(method) ||
      (block !== undefined && finalized !== undefined && block <= finalized)
    const bytes = immutable ? resultBytes(answer) : undefined
    if (bytes !== undefined) {
      await cache.set(key, bytes).catch(parameters.onCacheError)
    }
    return answer
  }

  // A read that is never kept asks the node as it is, without an async step of its own.
  return (method, params, paramsText, ask) =>
    rules.mayCache(method) ? lookUp(method, params, paramsText, ask) : ask(paramsText)
}
