import { isObject } from '@metamask/utils'
import { invalidRequest, type RpcError } from './errors.ts'
import type { RpcId, RpcRequest } from './types.ts'

/** The longest string id a request may carry: every answer repeats it. */
export const maxIdLength = 256

export type ParseRequestResult = { request: RpcRequest } | { error: RpcError; id: RpcId }

const isId = (value: unknown): value is RpcId =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value))

/**
 * Whether `value` is an id a request may carry: `null`, a finite number, or a string of at most
 * `maxIdLength` characters. What keys a request by its id (the worker's kept answers, DESIGN §6)
 * keys none by another: a page's id is bounded before it names anything.
 */
export const isUsableId = (value: unknown): value is RpcId =>
  isId(value) && (typeof value !== 'string' || value.length <= maxIdLength)

/**
 * Checks that a decoded JSON value is a JSON-RPC 2.0 request. Never throws: a bad envelope gives a
 * `-32600` error and the id to answer it with (the request's own id when it has a usable one).
 */
export function parseRequest(value: unknown): ParseRequestResult {
  if (!isObject(value)) {
    return { error: invalidRequest('not an object'), id: null }
  }
  const candidate = value as Record<string, unknown>
  if (typeof candidate.id === 'string' && candidate.id.length > maxIdLength) {
    return { error: invalidRequest(`id longer than ${maxIdLength} characters`), id: null }
  }
  const id = isId(candidate.id) ? candidate.id : null
  if ('id' in candidate && !isId(candidate.id)) return { error: invalidRequest('bad id'), id }
  if (candidate.jsonrpc !== '2.0') return { error: invalidRequest('jsonrpc must be "2.0"'), id }
  if (typeof candidate.method !== 'string' || candidate.method === '') {
    return { error: invalidRequest('method must be a non-empty string'), id }
  }
  const params = candidate.params
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return { error: invalidRequest('params must be an array or an object'), id }
  }
  return { request: candidate as RpcRequest }
}
