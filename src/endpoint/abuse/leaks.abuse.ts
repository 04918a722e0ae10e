import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxErrorBytes } from '../../core/rpc/errors.ts'
import { findFreePort } from '../findFreePort.ts'
import { openSocket } from '../testSupport.ts'
import {
  type AbusedEndpoint,
  openStalledHttp,
  postRaw,
  secretKey,
  startAbusedEndpoint,
} from './abuseSupport.ts'

let endpoint: AbusedEndpoint
/** A loopback port nothing listens on: the upstream is down for this whole file. */
let deadPort: number

beforeAll(async () => {
  deadPort = await findFreePort()
  endpoint = await startAbusedEndpoint([
    '--upstream',
    `http://127.0.0.1:${deadPort}`,
    '--headers-timeout-ms',
    '500',
  ])
})

afterAll(async () => {
  await endpoint?.stop()
})

const call = (method: string, params: readonly unknown[] = []) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

describe('nothing internal leaked (issue 11)', () => {
  it('answers any call while the upstream is down with -32603 and a neutral cause', async () => {
    for (const [method, params] of [
      ['eth_chainId', []],
      ['eth_getLogs', [{}]],
      ['eth_newBlockFilter', []],
    ] as const) {
      const answer = await postRaw(endpoint.httpUrl, call(method, params))
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32603, message: 'Internal error', data: { cause: 'upstream unreachable' } },
      })
    }
    const socket = await openSocket(endpoint.wsUrl)
    try {
      expect((await socket.request('eth_subscribe', ['newHeads'])).error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: { cause: 'upstream unreachable' },
      })
    } finally {
      await socket.close()
    }
  })

  it('does not name the upstream in /healthz, and logs it instead', async () => {
    const health = await fetch(endpoint.ready.health)
    const text = await health.text()
    expect(health.status).toBe(503)
    expect(JSON.parse(text)).toMatchObject({
      upstream: 'unreachable',
      cause: 'upstream unreachable',
    })
    expect(text).not.toContain(String(deadPort))
    expect(endpoint.lines.some((line) => line.includes(`127.0.0.1:${deadPort}`))).toBe(true)
  })

  it('answers a 100,000-character key with 431 and a JSON-RPC body', async () => {
    const answer = await postRaw(
      `${endpoint.ready.origin}/v3/${'k'.repeat(100_000)}`,
      call('eth_chainId'),
    )
    expect(answer.status).toBe(431)
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: request headers too large' },
    })
  })

  it('answers 404 and 413 on /v3/ with JSON-RPC bodies', async () => {
    const missing = await fetch(`${endpoint.httpUrl}/extra`, {
      method: 'POST',
      body: call('eth_chainId'),
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600 },
    })
    const large = await postRaw(endpoint.httpUrl, `"${'x'.repeat(1_100_000)}"`)
    expect(large.status).toBe(413)
    expect(large.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: body larger than 1048576 bytes' },
    })
    expect(large.bytes).toBeLessThanOrEqual(maxErrorBytes)
  })

  it('times out a client that sends its headers too slowly, with 408 and a JSON-RPC body', async () => {
    const client = await openStalledHttp(
      endpoint.httpUrl,
      'POST /v3/dev HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    )
    const { head } = await client.drainUntilClosed()
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout')
    expect(JSON.parse(head.slice(head.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: request not received in time' },
    })
  })

  it('writes no API key whole into any log line, on any path', async () => {
    await fetch(`${endpoint.ready.origin}/nope/${secretKey}`)
    await fetch(`${endpoint.ready.origin}/v3/${secretKey}`)
    await postRaw(`${endpoint.ready.origin}/v3/wrongKEY9876543210`, call('eth_chainId'))
    await fetch(`${endpoint.ready.origin}/ws/v3/${secretKey}/x?key=${secretKey}`)
    const logs = endpoint.lines.filter((line) => !line.startsWith('{"event":"ready"'))
    expect(logs.some((line) => line.includes('"status":404'))).toBe(true)
    expect(
      logs.filter((line) => line.includes(secretKey) || line.includes('wrongKEY9876543210')),
    ).toEqual([])
  })
})
