import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createCallLog } from './callLog.ts'

/** A logger that keeps what `info` was given (the port the call log writes to). */
function recordingLogger(): { log: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = []
  const log = {
    info: (fields: Record<string, unknown>) => {
      lines.push(fields)
    },
  } as unknown as FastifyBaseLogger
  return { log, lines }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
const ok = { method: 'eth_blockNumber', status: 'ok' as const, durationMs: 1.234 }

describe('the call log', () => {
  it('writes a call after the turn that answered it, not while answering', async () => {
    const { log, lines } = recordingLogger()
    const record = createCallLog(log, 'info')('http', 'secretKEY123')
    record(ok)
    record({ ...ok, method: 'eth_chainId' })
    expect(lines).toEqual([])
    await nextTurn()
    expect(lines).toEqual([
      {
        transport: 'http',
        key: 'secret…',
        method: 'eth_blockNumber',
        status: 'ok',
        durationMs: 1.23,
      },
      { transport: 'http', key: 'secret…', method: 'eth_chainId', status: 'ok', durationMs: 1.23 },
    ])
  })

  it('writes one successful call in n when sampled, and every failed call', async () => {
    const { log, lines } = recordingLogger()
    const record = createCallLog(log, 'info', { sampleEvery: 10 })('ws', 'dev')
    for (let call = 0; call < 25; call++) record(ok)
    record({ method: 'eth_call', status: -32000, durationMs: 2 })
    await nextTurn()
    expect(lines.filter((line) => line.status === 'ok')).toHaveLength(3)
    expect(lines.filter((line) => line.status === -32000)).toHaveLength(1)
  })

  it('writes nothing below info', async () => {
    const { log, lines } = recordingLogger()
    const record = createCallLog(log, 'warn')('http', 'dev')
    record(ok)
    record({ method: 'eth_call', status: -32000, durationMs: 2 })
    await nextTurn()
    expect(lines).toEqual([])
  })
})
