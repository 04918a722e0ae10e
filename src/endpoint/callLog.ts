import type { FastifyBaseLogger } from 'fastify'
import type { CallRecord } from './answerRequests.ts'

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'

/** Records one JSON-RPC call of `key` over `transport`. */
export type LogCall = (transport: 'http' | 'ws', key: string) => (call: CallRecord) => void

/** An API key as logs show it: its first 6 characters, never the whole secret. */
export const keyPrefix = (key: string): string => (key.length > 6 ? `${key.slice(0, 6)}…` : key)

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
        method: call.method,
        status: call.status,
        durationMs: Math.round(call.durationMs * 100) / 100,
      },
      'rpc',
    )
  }
}
