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

export type CallLogOptions = {
  /** Log one successful call in this many (1 = every call); calls that failed are always logged. */
  sampleEvery: number
}

/**
 * One structured log line per JSON-RPC call (transport, key prefix, method, status, duration) at
 * `info`; nothing below it. A line never delays the answer: calls are queued and written after the
 * current turn of the event loop (the answer has been handed to its socket by then), all the calls
 * of one turn together; with `sampleEvery` n > 1 only every n-th successful call is written.
 */
export function createCallLog(
  log: FastifyBaseLogger,
  level: LogLevel,
  options: CallLogOptions = { sampleEvery: 1 },
): LogCall {
  const logsCalls = level === 'info' || level === 'debug'
  let unsampled = 0
  let queued: Array<{ transport: 'http' | 'ws'; key: string; call: CallRecord }> = []
  const flush = () => {
    const lines = queued
    queued = []
    for (const { transport, key, call } of lines) {
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
  return (transport, key) => (call) => {
    if (!logsCalls) return
    if (call.status === 'ok' && options.sampleEvery > 1) {
      unsampled = (unsampled + 1) % options.sampleEvery
      if (unsampled !== 1 % options.sampleEvery) return
    }
    if (queued.length === 0) setImmediate(flush)
    queued.push({ transport, key, call })
  }
}
