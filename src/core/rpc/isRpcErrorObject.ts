import { isObject } from '@metamask/utils'
import type { RpcErrorObject } from './types.ts'

/**
 * Whether a node's `error` member is one to relay: a number `code` and a string `message`, whatever
 * else it carries. Lenient on purpose, unlike `@metamask/utils`' `isJsonRpcError`, which refuses members
 * beyond code/message/data/stack and walks all of `data`: a node's error comes back verbatim, so one
 * with an extra member must not turn into `-32603`.
 *
 * @example isRpcErrorObject({ code: -32005, message: 'query returned more than 10000 results', from: 'geth' }) // true
 */
export const isRpcErrorObject = (value: unknown): value is RpcErrorObject =>
  isObject(value) && typeof value.code === 'number' && typeof value.message === 'string'
