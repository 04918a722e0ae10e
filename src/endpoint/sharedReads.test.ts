/**
 * Identical reads in flight served once (issue 31), end to end: the endpoint in front of a relay
 * that counts what reaches anvil and holds each request 400 ms, so that calls made meanwhile meet
 * one still on its way. Runs on memory state and again on Redis (vitest.config.ts).
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAnvil, type RunningEndpoint, startAnvil, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import {
  type CountingRelay,
  deployer,
  eventually,
  openSocket,
  post,
  type RpcEnvelope,
  result,
  startCountingRelay,
} from './testSupport.ts'

let anvil: RunningAnvil
let relay: CountingRelay
let endpoint: RunningEndpoint

beforeAll(async () => {
  anvil = await startAnvil()
  // Blocks 0x1 and 0x2, read by the WebSocket tests.
  await result(anvil.rpcUrl, 'anvil_mine', ['0x2'])
  relay = await startCountingRelay(anvil.rpcUrl, { delayMs: 400 })
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    upstream: relay.url,
    upstreamWs: anvil.wsUrl,
    logLevel: 'silent',
    apiKeys: ['dev'],
    keyPolicies: { daily: { requestsPerDay: 2 } },
  })
})

afterAll(async () => {
  await endpoint?.close()
  await relay?.close()
  await anvil?.stop()
})

const body = (id: number, method: string, params: unknown[]) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params })

/** `count` calls of `method(params)` at once over HTTP, with ids 1…count; their envelopes. */
async function concurrently(
  count: number,
  method: string,
  params: unknown[],
  url = endpoint.httpUrl,
): Promise<Array<{ status: number; json: unknown }>> {
  const ids = Array.from({ length: count }, (_, index) => index + 1)
  return Promise.all(ids.map((id) => post(url, body(id, method, params))))
}

/** `aperture_shared_reads_total` of `method` in `GET /metrics` (0 when absent). */
async function sharedCount(method: string): Promise<number> {
  const text = await (await fetch(`${endpoint.origin}/metrics`)).text()
  const line = text
    .split('\n')
    .find((row) => row.startsWith('aperture_shared_reads_total{') && row.includes(`"${method}"`))
  return line ? Number(line.split(' ').at(-1)) : 0
}

describe('identical reads in flight, over HTTP', () => {
  it('go to the node once, and each caller gets the answer under its own id', async () => {
    const params = [deployer, 'latest']
    const balance = await result(anvil.rpcUrl, 'eth_getBalance', params)
    const before = relay.count('eth_getBalance')
    const sharedBefore = await sharedCount('eth_getBalance')
    const answers = await concurrently(8, 'eth_getBalance', params)
    expect(relay.count('eth_getBalance') - before).toBe(1)
    answers.forEach(({ status, json }, index) => {
      expect(status).toBe(200)
      expect(json).toEqual({ jsonrpc: '2.0', id: index + 1, result: balance })
    })
    expect((await sharedCount('eth_getBalance')) - sharedBefore).toBe(7)
  })

  it('are shared inside one batch too', async () => {
    const before = relay.count('eth_chainId')
    const batch = `[${body(1, 'eth_chainId', [])},${body(2, 'eth_chainId', [])},${body(3, 'eth_chainId', [])}]`
    const { json } = await post(endpoint.httpUrl, batch)
    expect(json).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: '0x7a69' })))
    expect(relay.count('eth_chainId') - before).toBe(1)
  })

  it('are not shared after the answer came: the next read asks the node again', async () => {
    const params = [deployer, 'pending']
    const before = relay.count('eth_getTransactionCount')
    await concurrently(1, 'eth_getTransactionCount', params)
    await concurrently(1, 'eth_getTransactionCount', params)
    expect(relay.count('eth_getTransactionCount') - before).toBe(2)
  })

  it('with other params are each asked of the node', async () => {
    const before = relay.count('eth_getBalance')
    const [latest, earliest] = await Promise.all([
      concurrently(2, 'eth_getBalance', [deployer, 'latest']),
      concurrently(2, 'eth_getBalance', [deployer, 'earliest']),
    ])
    expect(relay.count('eth_getBalance') - before).toBe(2)
    expect(latest?.[0]?.json).toMatchObject({
      result: await result(anvil.rpcUrl, 'eth_getBalance', [deployer, 'latest']),
    })
    expect(earliest?.[0]?.json).toMatchObject({
      result: await result(anvil.rpcUrl, 'eth_getBalance', [deployer, 'earliest']),
    })
  })

  it('share an error answer only among the callers of that same read', async () => {
    // Creation code of one INVALID opcode: anvil answers the call with an error.
    const invalid = [{ data: '0xfe' }, 'latest']
    const stop = [{ data: '0x00' }, 'latest']
    const [failed, passed] = await Promise.all([
      concurrently(3, 'eth_call', invalid),
      concurrently(3, 'eth_call', stop),
    ])
    const direct = (await post(anvil.rpcUrl, body(1, 'eth_call', invalid))).json as RpcEnvelope
    expect(direct.error).toBeDefined()
    failed.forEach(({ json }, index) => {
      expect(json).toEqual({ jsonrpc: '2.0', id: index + 1, error: direct.error })
    })
    passed.forEach(({ json }, index) => {
      expect(json).toEqual({ jsonrpc: '2.0', id: index + 1, result: '0x' })
    })
  })

  it('never share a sent transaction: each goes to the node', async () => {
    const before = relay.count('eth_sendRawTransaction')
    const answers = await concurrently(2, 'eth_sendRawTransaction', ['0x02c0'])
    expect(relay.count('eth_sendRawTransaction') - before).toBe(2)
    for (const { json } of answers) expect(json).toMatchObject({ error: expect.any(Object) })
  })

  it('each still count against the key’s own limits', async () => {
    const url = `${endpoint.origin}/v3/daily`
    const answers = await concurrently(5, 'eth_blockNumber', [], url)
    const statuses = answers.map(({ status }) => status).sort()
    expect(statuses).toEqual([200, 200, 402, 402, 402])
  })

  it('answer the others when the first caller hangs up', async () => {
    const params = [deployer, '0x0']
    const before = relay.count('eth_getBalance')
    const request = body(1, 'eth_getBalance', params)
    const leaving = connect(Number(new URL(endpoint.origin).port), '127.0.0.1')
    leaving.on('error', () => {})
    leaving.write(
      `POST /v3/dev HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(request)}\r\n\r\n${request}`,
    )
    await eventually(async () => relay.count('eth_getBalance') > before)
    leaving.destroy()
    const [staying] = await concurrently(1, 'eth_getBalance', params)
    expect(staying?.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: await result(anvil.rpcUrl, 'eth_getBalance', params),
    })
    expect(relay.count('eth_getBalance') - before).toBe(1)
  })
})

describe('identical reads in flight, over WebSocket', () => {
  it('are shared between sockets and with HTTP, each answered under its own id', async () => {
    const params = [deployer, '0x1']
    const balance = await result(anvil.rpcUrl, 'eth_getBalance', params)
    const [first, second] = await Promise.all([
      openSocket(endpoint.wsUrl),
      openSocket(endpoint.wsUrl),
    ])
    const before = relay.count('eth_getBalance')
    const [a, b, [overHttp]] = await Promise.all([
      first.request('eth_getBalance', params),
      second.request('eth_getBalance', params),
      concurrently(1, 'eth_getBalance', params),
    ])
    expect(relay.count('eth_getBalance') - before).toBe(1)
    expect(a.result).toBe(balance)
    expect(b.result).toBe(balance)
    expect(a.id).not.toBe(b.id)
    expect(overHttp?.json).toEqual({ jsonrpc: '2.0', id: 1, result: balance })
    await Promise.all([first.close(), second.close()])
  })

  it('answer the other sockets when the first one closes', async () => {
    const params = [deployer, '0x2']
    const [leaving, staying] = await Promise.all([
      openSocket(endpoint.wsUrl),
      openSocket(endpoint.wsUrl),
    ])
    const before = relay.count('eth_getBalance')
    void leaving.request('eth_getBalance', params)
    await eventually(async () => relay.count('eth_getBalance') > before)
    await leaving.close()
    const answer = await staying.request('eth_getBalance', params)
    expect(answer.result).toBe(await result(anvil.rpcUrl, 'eth_getBalance', params))
    expect(relay.count('eth_getBalance') - before).toBe(1)
    await staying.close()
  })
})
