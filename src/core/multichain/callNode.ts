import { isObject } from '@metamask/utils'
import { internalError } from '../rpc/errors.ts'
import { isRpcErrorObject } from '../rpc/isRpcErrorObject.ts'
import type { HandlerAnswer } from './namespace.ts'
import type { RoutedNodeAnswer } from './ports.ts'

const isNodeAnswer = (answer: unknown): answer is RoutedNodeAnswer => {
  if (!isObject(answer)) return false
  if ('result' in answer) return answer.result !== undefined
  if ('resultJson' in answer) return typeof answer.resultJson === 'string'
  return isRpcErrorObject(answer.error)
}

/**
 * Runs a node call for a page and relays its answer verbatim (DESIGN §4): the node's result, or its
 * error with code, message and data. An unreachable endpoint or a malformed answer becomes `-32603`
 * with `data.cause`.
 */
export async function callNode(call: () => Promise<RoutedNodeAnswer>): Promise<HandlerAnswer> {
  let answer: unknown
  try {
    answer = await call()
  } catch (error) {
    throw internalError(error instanceof Error ? error.message : String(error))
  }
  if (!isNodeAnswer(answer)) throw internalError('the node answered neither a result nor an error')
  if ('result' in answer) return { result: answer.result }
  if ('resultJson' in answer) return { resultJson: answer.resultJson }
  const { code, message, data } = answer.error
  return { error: data === undefined ? { code, message } : { code, message, data } }
}
