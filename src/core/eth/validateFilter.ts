import { isObject } from '@metamask/utils'
import type { Address } from 'viem'
import { invalidParams, Problems, type RpcError, tooManyParameters } from '../rpc/errors.ts'
import { countFilterParameters, maxFilterParameters } from './countFilterParameters.ts'
import { type Hash, isAddress, isBytes32 } from './hex.ts'
import { type BlockSpecifier, blockSpecifierProblem } from './isBlockTag.ts'

/** One topic position: any value (`null`), one value, or any of several (`null` inside = any). */
export type TopicPosition = Hash | Array<Hash | null> | null

/** A validated log filter, holding only the members a node understands. */
export type LogFilter = {
  address?: Address | Address[]
  topics?: TopicPosition[]
  fromBlock?: BlockSpecifier
  toBlock?: BlockSpecifier
  blockHash?: Hash
}

export type ValidateFilterOptions = {
  /** Where the filter sits in the request, for problem paths. Default `params[0]`. */
  path?: string
}

export type ValidateFilterResult = { filter: LogFilter } | { error: RpcError }

/** The most topic positions a log can have (LOG0 … LOG4). */
export const maxTopicPositions = 4

/** The exact message of DESIGN §5 when both `blockHash` and a block range are given. */
export const blockHashWithRangeMessage =
  'cannot specify both blockHash and fromBlock/toBlock, choose one or the other'

const isPresent = (value: unknown): boolean => value !== undefined && value !== null

/**
 * Validates an `eth_getLogs` / `eth_newFilter` filter object (DESIGN §5). Never throws, and its work
 * is bounded whatever the input: more than `maxFilterParameters` addresses and topic values is a
 * `-32005` on sight; otherwise the filter (unknown members dropped, `null` members treated as
 * absent) or a `-32602` listing the problems (the first `maxProblems`, with their count), each with
 * its path. Block numbers beyond 64 bits are refused.
 *
 * @example
 * validateFilter({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', fromBlock: '0x0' })
 * // { filter: { address: '0xf39F…', fromBlock: '0x0' } }
 */
export function validateFilter(
  value: unknown,
  options: ValidateFilterOptions = {},
): ValidateFilterResult {
  const path = options.path ?? 'params[0]'
  if (!isObject(value)) {
    return { error: invalidParams([{ path, message: 'must be a filter object' }]) }
  }
  const candidate = value as Record<string, unknown>
  if (
    isPresent(candidate.blockHash) &&
    (isPresent(candidate.fromBlock) || isPresent(candidate.toBlock))
  ) {
    return { error: invalidParams(blockHashWithRangeMessage) }
  }
  const parameters = countFilterParameters(candidate)
  if (parameters > maxFilterParameters) {
    return { error: tooManyParameters(parameters, maxFilterParameters) }
  }

  const problems = new Problems()
  const filter: LogFilter = {}

  const address = candidate.address
  if (Array.isArray(address)) {
    for (let index = 0; index < address.length; index++) {
      if (!isAddress(address[index])) {
        problems.add(`${path}.address[${index}]`, 'must be a 20-byte hex address')
      }
    }
    filter.address = address as Address[]
  } else if (isPresent(address)) {
    if (isAddress(address)) filter.address = address
    else problems.add(`${path}.address`, 'must be a 20-byte hex address or an array of them')
  }

  const topics = candidate.topics
  if (Array.isArray(topics)) {
    if (topics.length > maxTopicPositions) {
      problems.add(`${path}.topics`, `must have at most ${maxTopicPositions} positions`)
    }
    const positions = Math.min(topics.length, maxTopicPositions)
    for (let index = 0; index < positions; index++) {
      addTopicPositionProblems(topics[index], `${path}.topics[${index}]`, problems)
    }
    filter.topics = topics as TopicPosition[]
  } else if (isPresent(topics)) {
    problems.add(`${path}.topics`, 'must be an array of topic positions')
  }

  for (const key of ['fromBlock', 'toBlock'] as const) {
    const block = candidate[key]
    if (!isPresent(block)) continue
    const problem = blockSpecifierProblem(block)
    if (problem) problems.add(`${path}.${key}`, problem)
    else filter[key] = block as BlockSpecifier
  }

  const blockHash = candidate.blockHash
  if (isPresent(blockHash)) {
    if (isBytes32(blockHash)) filter.blockHash = blockHash
    else problems.add(`${path}.blockHash`, 'must be a 32-byte hex hash')
  }

  return problems.count > 0 ? { error: invalidParams(problems) } : { filter }
}

function addTopicPositionProblems(position: unknown, path: string, problems: Problems): void {
  if (position === null || isBytes32(position)) return
  if (!Array.isArray(position)) {
    problems.add(path, 'must be null, a 32-byte hex topic or an array of them')
    return
  }
  for (let index = 0; index < position.length; index++) {
    const item = position[index]
    if (item !== null && !isBytes32(item)) {
      problems.add(`${path}[${index}]`, 'must be a 32-byte hex topic or null')
    }
  }
}
