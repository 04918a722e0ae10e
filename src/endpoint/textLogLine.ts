import { isObject } from '@metamask/utils'
import { echo } from '../core/rpc/errors.ts'

/** How the endpoint writes its log: pino JSON lines for programs, or one readable line each. */
export type LogFormat = 'json' | 'text'

const levelNames: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}

/** pino's own fields, shown otherwise (time, level) or not at all. */
const hiddenFields = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v'])

/** A value on one short line: strings as they are, anything else as JSON, cut at 200 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return echo((text ?? String(value)).replace(/\s*\n\s*/g, ' '), 200)
}

function clock(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now())
  const two = (value: number) => String(value).padStart(2, '0')
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
}

/**
 * One of the endpoint's pino JSON log lines as one line for a person at a terminal (`npm start`):
 * local time, the level unless it is `info`, the message, then the fields; an error by its message
 * alone (no stack). A JSON-RPC call's line reads like a request log. A line that is not pino's JSON
 * is returned as it is.
 *
 * @example
 * textLogLine('{"level":30,"time":…,"transport":"http","key":"dev","method":"eth_chainId","status":"ok","durationMs":0.61,"msg":"rpc"}')
 * // '12:34:56 rpc http dev eth_chainId ok 0.61 ms'
 * textLogLine('{"level":40,"time":…,"err":{"type":"Error","message":"connect ECONNREFUSED 127.0.0.1:1","stack":"…"},"method":"eth_call","msg":"upstream failure"}')
 * // '12:34:56 WARN upstream failure: connect ECONNREFUSED 127.0.0.1:1 method=eth_call'
 */
export function textLogLine(json: string): string {
  let entry: unknown
  try {
    entry = JSON.parse(json)
  } catch (error) {
    if (error instanceof SyntaxError) return json.trimEnd()
    throw error
  }
  if (!isObject(entry)) return json.trimEnd()
  const level = typeof entry.level === 'number' ? (levelNames[entry.level] ?? 'info') : 'info'
  const parts = [clock(entry.time)]
  if (level !== 'info') parts.push(level.toUpperCase())
  if (entry.msg === 'rpc') {
    parts.push(
      `rpc ${shown(entry.transport)} ${shown(entry.key)} ${shown(entry.method)} ${shown(entry.status)} ${shown(entry.durationMs)} ms`,
    )
    return parts.join(' ')
  }
  const error = isObject(entry.err) ? entry.err : undefined
  const message = typeof entry.msg === 'string' ? shown(entry.msg) : ''
  parts.push(error ? `${message}: ${shown(error.message ?? error.type)}` : message)
  for (const [field, value] of Object.entries(entry)) {
    if (hiddenFields.has(field) || field === 'err' || value === undefined) continue
    parts.push(`${field}=${shown(value)}`)
  }
  return parts.filter(Boolean).join(' ')
}

/** A pino destination that writes each line as `textLogLine` shows it. */
export function textLogStream(out: { write(text: string): unknown }): {
  write(line: string): void
} {
  return {
    write(line) {
      out.write(`${textLogLine(line)}\n`)
    },
  }
}
