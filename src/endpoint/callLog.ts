import type { FastifyBaseLogger } from 'fastify'
import { echo } from '../core/rpc/errors.ts'
import type { CallRecord } from './answerRequests.ts'

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'

/** Records one JSON-RPC call of `key` over `transport`. */
export type LogCall = (transport: 'http' | 'ws', key: string) => (call: CallRecord) => void

/** An API key as logs show it: its first 6 characters, never the whole secret. */
export const keyPrefix = (key: string): string => (key.length > 6 ? `${key.slice(0, 6)}…` : key)

/**
 * A request path as logs show it: without its query, each segment cut like a key (any segment of
 * any path may be a key sent to the wrong place), at most 8 segments.
 *
 * @example redactPath('/nope/secretKEY123456?x=1') // '/nope/secret…'
 */
export function redactPath(url: string): string {
  const path = url.split('?')[0] ?? ''
  const segments = path.split('/').slice(1)
  const shown = segments.slice(0, 8).map(keyPrefix)
  return `/${shown.join('/')}${segments.length > 8 ? '/…' : ''}`
}

/**
 * One structured log line per JSON-RPC call (transport, key prefix, method, status, duration) at
 * `info`; nothing below it.
 */
export function createCallLog(log: FastifyBaseLogger, level: LogLevel): LogCall {
  const logsCalls = level === 'info' || level === 'debug'
  return (transport, key) => (call) => {
    if (!logsCalls) return
    log.info(
      {
        transport,
        key: keyPrefix(key),
        method: echo(call.method),
        status: call.status,
        durationMs: Math.round(call.durationMs * 100) / 100,
      },
      'rpc',
    )
  }
}
