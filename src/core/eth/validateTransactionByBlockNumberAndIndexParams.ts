import { invalidParams, type Problem, type RpcError } from '../rpc/errors.ts'
import { type BlockSpecifier, blockSpecifierProblem } from './isBlockTag.ts'
import { isTransactionIndex, transactionIndexPattern } from './isTransactionIndex.ts'

export type ValidateTransactionByBlockNumberAndIndexParamsResult =
  | { params: [BlockSpecifier, `0x${string}`] }
  | { error: RpcError }

/**
 * Validates the params of `eth_getTransactionByBlockNumberAndIndex`: `[block, index]`, the block a
 * tag or hex quantity, the index matching `^0x([1-9a-f]+[0-9a-f]*|0)$`. Never throws.
 *
 * @example validateTransactionByBlockNumberAndIndexParams(['latest', '0x0']) // { params: ['latest', '0x0'] }
 */
export function validateTransactionByBlockNumberAndIndexParams(
  params: unknown,
): ValidateTransactionByBlockNumberAndIndexParamsResult {
  if (!Array.isArray(params) || params.length !== 2) {
    return {
      error: invalidParams([{ path: 'params', message: 'must be [block, index]' }]),
    }
  }
  const [block, index] = params as unknown[]
  const problems: Problem[] = []
  const blockProblem = blockSpecifierProblem(block)
  if (blockProblem) problems.push({ path: 'params[0]', message: blockProblem })
  if (!isTransactionIndex(index)) {
    problems.push({
      path: 'params[1]',
      message:
        typeof index === 'string' && transactionIndexPattern.test(index)
          ? 'must be an index of at most 64 bits'
          : 'must match ^0x([1-9a-f]+[0-9a-f]*|0)$',
    })
  }
  if (problems.length > 0) return { error: invalidParams(problems) }
  return { params: [block as BlockSpecifier, index as `0x${string}`] }
}
