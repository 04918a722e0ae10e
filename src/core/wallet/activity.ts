import { isObject } from '@metamask/utils'
import type { EngineResponse } from '../multichain/ports.ts'

/** How many `wallet_invokeMethod` calls are kept per connection (the newest). */
export const activityLimit = 100

/** Longest chain id or method name kept from a page's call (they are the page's own strings). */
const maxTextLength = 80

/**
 * One `wallet_invokeMethod` call of a site, as the Connections screen lists it: when, on which
 * chain, which method, and how it ended (`errorCode` null when it succeeded).
 */
export type ActivityEntry = {
  /** Milliseconds since the epoch. */
  at: number
  chainId: string
  method: string
  errorCode: number | null
}

const text = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value.slice(0, maxTextLength) : '(invalid)'

/**
 * The activity entry of one page request and the wallet's response to it, or `undefined` when the
 * request is not a `wallet_invokeMethod` call. Malformed calls are kept too (their `-32602` is part
 * of what the site did), with `(invalid)` for a chain or method they did not name.
 *
 * @example
 * activityEntryOf(
 *   { jsonrpc: '2.0', id: 1, method: 'wallet_invokeMethod',
 *     params: { scope: 'eip155:1', request: { method: 'eth_call' } } },
 *   { jsonrpc: '2.0', id: 1, error: { code: 4100, message: '…' } },
 *   1_700_000_000_000,
 * ) // { at: 1700000000000, chainId: 'eip155:1', method: 'eth_call', errorCode: 4100 }
 */
export function activityEntryOf(
  request: unknown,
  response: EngineResponse,
  at: number,
): ActivityEntry | undefined {
  if (!isObject(request) || request.method !== 'wallet_invokeMethod') return undefined
  const params = isObject(request.params) ? request.params : {}
  const call = isObject(params.request) ? params.request : {}
  return {
    at,
    chainId: text(params.scope),
    method: text(call.method),
    errorCode: 'error' in response ? response.error.code : null,
  }
}

/** `log` with `entry` appended, keeping only the newest `limit` entries (oldest first). */
export function appendActivity(
  log: readonly ActivityEntry[],
  entry: ActivityEntry,
  limit: number = activityLimit,
): ActivityEntry[] {
  return [...log, entry].slice(-limit)
}
