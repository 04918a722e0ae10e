import { isObject } from '@metamask/utils'
import type { Address } from 'viem'
import { invalidParams, type Problem, type RpcError } from '../rpc/errors.ts'
import { type Hash, isAddress, isBytes32 } from './hex.ts'
import { type BlockSpecifier, isBlockSpecifier } from './isBlockTag.ts'

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
 * Validates an `eth_getLogs` / `eth_newFilter` filter object (DESIGN §5). Never throws: any input
 * gives either the filter (unknown members dropped, `null` members treated as absent) or a `-32602`
 * error listing every problem with its path.
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

  const problems: Problem[] = []
  const filter: LogFilter = {}

  const address = candidate.address
  if (Array.isArray(address)) {
    address.forEach((item, index) => {
      if (!isAddress(item)) {
        problems.push({
          path: `${path}.address[${index}]`,
          message: 'must be a 20-byte hex address',
        })
      }
    })
    filter.address = address as Address[]
  } else if (isPresent(address)) {
    if (isAddress(address)) filter.address = address
    else {
      problems.push({
        path: `${path}.address`,
        message: 'must be a 20-byte hex address or an array of them',
      })
    }
  }

  const topics = candidate.topics
  if (Array.isArray(topics)) {
    if (topics.length > maxTopicPositions) {
      problems.push({
        path: `${path}.topics`,
        message: `must have at most ${maxTopicPositions} positions`,
      })
    }
    topics.forEach((position, index) => {
      problems.push(...topicPositionProblems(position, `${path}.topics[${index}]`))
    })
    filter.topics = topics as TopicPosition[]
  } else if (isPresent(topics)) {
    problems.push({ path: `${path}.topics`, message: 'must be an array of topic positions' })
  }

  for (const key of ['fromBlock', 'toBlock'] as const) {
    const block = candidate[key]
    if (!isPresent(block)) continue
    if (isBlockSpecifier(block)) filter[key] = block
    else {
      problems.push({
        path: `${path}.${key}`,
        message: 'must be a hex block number or latest|earliest|pending|safe|finalized',
      })
    }
  }

  const blockHash = candidate.blockHash
  if (isPresent(blockHash)) {
    if (isBytes32(blockHash)) filter.blockHash = blockHash
    else problems.push({ path: `${path}.blockHash`, message: 'must be a 32-byte hex hash' })
  }

  return problems.length > 0 ? { error: invalidParams(problems) } : { filter }
}

function topicPositionProblems(position: unknown, path: string): Problem[] {
  if (position === null || isBytes32(position)) return []
  if (Array.isArray(position)) {
    return position.flatMap((item, index) =>
      item === null || isBytes32(item)
        ? []
        : [{ path: `${path}[${index}]`, message: 'must be a 32-byte hex topic or null' }],
    )
  }
  return [{ path, message: 'must be null, a 32-byte hex topic or an array of them' }]
}
