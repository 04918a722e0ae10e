import { describe, expect, it } from 'vitest'
import { textLogLine, textLogStream } from './textLogLine.ts'

const time = new Date(2026, 10, 23, 9, 5, 7, 250).getTime()

describe('textLogLine', () => {
  it('shows a JSON-RPC call like a request log, without pino fields', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 4242,
      hostname: 'vm',
      transport: 'http',
      key: 'dev',
      method: 'eth_getBalance',
      status: 'ok',
      durationMs: 0.94,
      msg: 'rpc',
    })
    expect(textLogLine(`${line}\n`)).toBe('09:05:07 rpc http dev eth_getBalance ok 0.94 ms')
  })

  it('shows a failed call with its code', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      transport: 'ws',
      key: '3f9a1c…',
      method: 'evm_mine',
      status: -32601,
      durationMs: 0.2,
      msg: 'rpc',
    })
    expect(textLogLine(line)).toBe('09:05:07 rpc ws 3f9a1c… evm_mine -32601 0.2 ms')
  })

  it('names the level of a warning and an error and shows an error by its message alone', () => {
    const warning = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'vm',
      err: {
        type: 'Error',
        message: 'connect ECONNREFUSED 127.0.0.1:1',
        stack: 'Error: connect ECONNREFUSED 127.0.0.1:1\n    at TCPConnectWrap.afterConnect',
      },
      method: 'eth_call',
      msg: 'upstream failure',
    })
    expect(textLogLine(warning)).toBe(
      '09:05:07 WARN upstream failure: connect ECONNREFUSED 127.0.0.1:1 method=eth_call',
    )
    const error = JSON.stringify({ level: 50, time, msg: 'response cache not cleared' })
    expect(textLogLine(error)).toBe('09:05:07 ERROR response cache not cleared')
  })

  it('keeps every line on one line and short', () => {
    const line = JSON.stringify({
      level: 40,
      time,
      msg: 'two\nlines',
      detail: { nested: 'x'.repeat(1000) },
    })
    const shown = textLogLine(line)
    expect(shown).not.toContain('\n')
    expect(shown.startsWith('09:05:07 WARN two lines detail={"nested":"xxx')).toBe(true)
    expect(shown.length).toBeLessThan(300)
  })

  it('returns a line that is not pino JSON as it is', () => {
    expect(textLogLine('not json\n')).toBe('not json')
    expect(textLogLine('[1,2]')).toBe('[1,2]')
  })
})

describe('textLogStream', () => {
  it('writes each pino line as one text line', () => {
    const written: string[] = []
    const stream = textLogStream({ write: (text: string) => written.push(text) })
    stream.write(`${JSON.stringify({ level: 40, time, msg: 'finalized head unknown' })}\n`)
    expect(written).toEqual(['09:05:07 WARN finalized head unknown\n'])
  })
})
