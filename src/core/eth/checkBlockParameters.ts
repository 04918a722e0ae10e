import { isObject } from '@metamask/utils'
import { invalidParams, type Problem, type RpcError } from '../rpc/errors.ts'
import { isBytes32 } from './hex.ts'

/**
 * What a positional parameter holds, where it can be a number the node reads as 64 bits:
 * - `block`: a block number or tag (`eth_getBlockByNumber`);
 * - `blockOrHash`: also a 32-byte block hash or an EIP-1898 object `{ blockNumber }`/`{ blockHash }`
 *   (`eth_call`, `eth_getBalance`, …);
 * - `index`: a transaction or uncle index;
 * - `count`: a number of blocks, hex or decimal (`eth_feeHistory`).
 */
export type BlockParameterKind = 'block' | 'blockOrHash' | 'index' | 'count'

/**
 * The block numbers, indexes and block counts in each method's params, by position. Filters
 * (`eth_getLogs`, `eth_newFilter`, `logs` subscriptions) are checked by `validateFilter`.
 */
export const blockParameters: Readonly<Record<string, readonly (BlockParameterKind | null)[]>> = {
  eth_getBalance: [null, 'blockOrHash'],
  eth_getCode: [null, 'blockOrHash'],
  // The second one is a 32-byte storage slot, not a block.
  eth_getStorageAt: [null, null, 'blockOrHash'],
  eth_getTransactionCount: [null, 'blockOrHash'],
  eth_call: [null, 'blockOrHash'],
  eth_estimateGas: [null, 'blockOrHash'],
  eth_createAccessList: [null, 'blockOrHash'],
  eth_getProof: [null, null, 'blockOrHash'],
  eth_simulateV1: [null, 'blockOrHash'],
  eth_getBlockReceipts: ['blockOrHash'],
  eth_getBlockByNumber: ['block'],
  eth_getBlockTransactionCountByNumber: ['block'],
  eth_getUncleCountByBlockNumber: ['block'],
  eth_getTransactionByBlockNumberAndIndex: ['block', 'index'],
  eth_getUncleByBlockNumberAndIndex: ['block', 'index'],
  eth_getTransactionByBlockHashAndIndex: [null, 'index'],
  eth_getUncleByBlockHashAndIndex: [null, 'index'],
  eth_feeHistory: ['count', 'block'],
}

const messages: Record<BlockParameterKind, string> = {
  block: 'must be a block number of at most 64 bits',
  blockOrHash: 'must be a block number of at most 64 bits',
  index: 'must be an index of at most 64 bits',
  count: 'must be a block count of at most 64 bits',
}

/** 2^64: the first number that does not fit. */
const limit = 2 ** 64

/** The digits of `text` from `start` on, leading zeros skipped. */
const significantDigits = (text: string, start: number): number => {
  let first = start
  while (text[first] === '0') first += 1
  return text.length - first
}

/**
 * True when `value` is a number beyond 64 bits: hex (`0x` + more than 16 digits after leading
 * zeros), decimal digits in a string, or a JSON number. Anything else is left to the node. The
 * patterns have no overlapping repetitions, so a megabyte of digits costs one linear pass.
 */
function isBeyond64Bits(value: unknown): boolean {
  if (typeof value === 'number') return value >= limit
  if (typeof value !== 'string') return false
  if (/^0x[0-9a-fA-F]*$/.test(value)) return significantDigits(value, 2) > 16
  if (!/^[0-9]+$/.test(value)) return false
  const digits = significantDigits(value, 0)
  // 2^64 - 1 has 20 digits: more is beyond it, fewer fits; only 20 needs an exact comparison.
  return digits > 20 || (digits === 20 && BigInt(value) >= BigInt(limit))
}

function problemOf(kind: BlockParameterKind, value: unknown, path: string): Problem | undefined {
  if (kind === 'blockOrHash') {
    // A 32-byte hex value names a block by hash; an object is EIP-1898's `{ blockNumber }`.
    if (isBytes32(value)) return undefined
    if (isObject(value)) {
      return isBeyond64Bits(value.blockNumber)
        ? { path: `${path}.blockNumber`, message: messages.block }
        : undefined
    }
  }
  return isBeyond64Bits(value) ? { path, message: messages[kind] } : undefined
}

/**
 * The endpoint's own check of the numbers a node reads as 64 bits (issue 11): a `-32602` naming
 * each block number, index or block count of `method`'s params beyond 64 bits, with its path
 * (`params[1]`), or undefined. Other problems are left to the node. Never throws; its work is a
 * few regular expressions per listed position, whatever the input.
 *
 * @example checkBlockParameters('eth_getBalance', ['0xf39F…', '0x1' + '0'.repeat(16)])
 * // RpcError -32602 'Invalid params: params[1]: must be a block number of at most 64 bits'
 */
export function checkBlockParameters(method: string, params: unknown): RpcError | undefined {
  const kinds = Object.hasOwn(blockParameters, method) ? blockParameters[method] : undefined
  if (!kinds || !Array.isArray(params)) return undefined
  const problems: Problem[] = []
  kinds.forEach((kind, position) => {
    const problem = kind && problemOf(kind, params[position], `params[${position}]`)
    if (problem) problems.push(problem)
  })
  return problems.length > 0 ? invalidParams(problems) : undefined
}
