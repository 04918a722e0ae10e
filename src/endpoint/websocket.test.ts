import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import {
  call,
  deployEmitter,
  deployPayloadEmitter,
  emitLogs,
  emitPayloadLogs,
  eventually,
  hex,
  openSocket,
  result,
  type TestSocket,
  tickTopic,
} from './testSupport.ts'

let endpoint: RunningEndpoint
let anvilUrl: string
let emitter: string

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    apiKeys: ['dev', 'other'],
    logLevel: 'silent',
  })
  anvilUrl = endpoint.anvil?.rpcUrl ?? ''
  emitter = await deployEmitter(anvilUrl)
})

afterAll(async () => {
  await endpoint?.close()
})

const wsUrlOf = (key: string) => `${endpoint.origin.replace('http:', 'ws:')}/ws/v3/${key}`

const healthz = async () =>
  (await (await fetch(`${endpoint.origin}/healthz`)).json()) as {
    subscriptions: number
    connections: number
  }

/** The HTTP status with which the endpoint refuses a WebSocket upgrade. */
const refusal = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0)
      response.resume()
      request.destroy()
    })
    socket.once('open', () => reject(new Error('the upgrade was accepted')))
  })

describe('WebSocket /ws/v3/<key>', () => {
  it('refuses the upgrade for an unknown key with 401', async () => {
    expect(await refusal(wsUrlOf('nope'))).toBe(401)
  })

  it('refuses a malformed key segment with 401 and keeps serving', async () => {
    for (const key of ['%', '%zz', '%E0%A4%A']) expect(await refusal(wsUrlOf(key))).toBe(401)
    expect(await call(endpoint.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
  })

  it('refuses the upgrade on another path with 404', async () => {
    expect(await refusal(`${endpoint.origin.replace('http:', 'ws:')}/ws/v2/dev`)).toBe(404)
  })

  it('answers the same methods as HTTP, with the same limits and allow-list', async () => {
    const socket = await openSocket(endpoint.wsUrl)
    try {
      expect(await socket.request('eth_chainId')).toMatchObject({ result: '0x7a69' })
      expect((await socket.request('evm_mine')).error?.code).toBe(-32601)
      expect(
        (await socket.request('eth_getTransactionByBlockNumberAndIndex', ['latest', '0x01'])).error
          ?.code,
      ).toBe(-32602)
      const addresses = Array.from(
        { length: 5001 },
        (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
      )
      expect((await socket.request('eth_getLogs', [{ address: addresses }])).error).toMatchObject({
        code: -32005,
      })
    } finally {
      await socket.close()
    }
  })

  it('answers malformed JSON with -32700', async () => {
    const raw = new WebSocket(endpoint.wsUrl)
    await new Promise((resolve) => raw.once('open', resolve))
    const answer = new Promise<string>((resolve) =>
      raw.once('message', (data) => resolve(data.toString())),
    )
    raw.send('{oops')
    expect(JSON.parse(await answer)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    raw.close()
  })
})

describe('large answers over WebSocket', () => {
  it('sends a large log result as one message, in fragments, equal to the HTTP answer', async () => {
    const block = hex(await emitLogs(anvilUrl, emitter, 1500))
    const filter = { fromBlock: block, toBlock: block }
    const socket = await openSocket(endpoint.wsUrl)
    try {
      const overWs = (await socket.request('eth_getLogs', [filter])).result as unknown[]
      expect(overWs).toHaveLength(1500)
      expect(overWs).toEqual(await result(endpoint.httpUrl, 'eth_getLogs', [filter]))
    } finally {
      await socket.close()
    }
  })
})

describe('filters shared by one key across HTTP and WebSocket', () => {
  it('polls over WebSocket a filter created over HTTP, and the reverse', async () => {
    const socket = await openSocket(endpoint.wsUrl)
    try {
      const fromHttp = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
      const block = await emitLogs(anvilUrl, emitter, 2)
      const changes = (await socket.request('eth_getFilterChanges', [fromHttp])).result as Array<{
        blockNumber: string
      }>
      expect(changes.map((log) => log.blockNumber)).toEqual([hex(block), hex(block)])

      const fromWs = (await socket.request('eth_newBlockFilter')).result as string
      await result(anvilUrl, 'evm_mine')
      expect(
        (await result(endpoint.httpUrl, 'eth_getFilterChanges', [fromWs])) as string[],
      ).toHaveLength(1)
    } finally {
      await socket.close()
    }
  })

  it('moves the cursors of the polls a batch answered over WebSocket, not of its notifications', async () => {
    const answered = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const notified = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const block = await emitLogs(anvilUrl, emitter, 1)
    const raw = new WebSocket(endpoint.wsUrl)
    try {
      await new Promise((resolve) => raw.once('open', resolve))
      const reply = new Promise<string>((resolve) =>
        raw.once('message', (data) => resolve(String(data))),
      )
      raw.send(
        JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'eth_getFilterChanges', params: [answered] },
          { jsonrpc: '2.0', method: 'eth_getFilterChanges', params: [notified] },
        ]),
      )
      const batch = JSON.parse(await reply) as Array<{ id: number; result: unknown[] }>
      expect(batch.map((item) => [item.id, item.result.length])).toEqual([[1, 1]])
    } finally {
      raw.close()
    }
    const socket = await openSocket(endpoint.wsUrl)
    try {
      expect((await socket.request('eth_getFilterChanges', [answered])).result).toEqual([])
      const logs = (await socket.request('eth_getFilterChanges', [notified])).result as Array<{
        blockNumber: string
      }>
      expect(logs.map((log) => log.blockNumber)).toEqual([hex(block)])
    } finally {
      await socket.close()
    }
  })

  it('leave a poll’s changes to the next poll when the client leaves with the answer half-sent', async () => {
    const payloadEmitter = await deployPayloadEmitter(anvilUrl)
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: payloadEmitter }])
    // ~13 MB of logs: far more than the loopback socket buffers hold.
    const from = await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
    const to = await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
    // A WebSocket client by hand, to stop reading once the answer's first bytes arrived.
    const { hostname, port, pathname } = new URL(endpoint.wsUrl)
    const tcp = connect(Number(port), hostname)
    await once(tcp, 'connect')
    tcp.write(
      `GET ${pathname} HTTP/1.1\r\nhost: ${hostname}\r\nupgrade: websocket\r\n` +
        `connection: Upgrade\r\nsec-websocket-key: ${randomBytes(16).toString('base64')}\r\n` +
        'sec-websocket-version: 13\r\n\r\n',
    )
    const [upgraded] = (await once(tcp, 'data')) as [Buffer]
    expect(upgraded.toString('latin1')).toMatch(/^HTTP\/1\.1 101/)
    const payload = Buffer.from(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getFilterChanges', params: [id] }),
    )
    const mask = randomBytes(4)
    tcp.write(
      Buffer.concat([
        Buffer.from([0x81, 0xfe, payload.length >> 8, payload.length & 0xff]),
        mask,
        payload.map((byte, index) => byte ^ (mask[index % 4] as number)),
      ]),
    )
    await once(tcp, 'data')
    tcp.destroy()
    const logs = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])) as Array<{
      blockNumber: string
      logIndex: string
    }>
    const expected = (await result(anvilUrl, 'eth_getLogs', [
      { address: payloadEmitter, fromBlock: hex(from), toBlock: hex(to) },
    ])) as typeof logs
    expect(logs).toHaveLength(400)
    expect(logs.map((log) => log.logIndex + log.blockNumber)).toEqual(
      expected.map((log) => log.logIndex + log.blockNumber),
    )
  })

  it('hides them from another key on either transport', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newBlockFilter')
    const socket = await openSocket(wsUrlOf('other'))
    try {
      expect((await socket.request('eth_getFilterChanges', [id])).error).toEqual({
        code: -32000,
        message: 'filter not found',
      })
      expect(
        (await call(`${endpoint.origin}/v3/other`, 'eth_getFilterChanges', [id])).error,
      ).toEqual({
        code: -32000,
        message: 'filter not found',
      })
    } finally {
      await socket.close()
    }
  })
})

describe('subscriptions', () => {
  let socket: TestSocket

  beforeAll(async () => {
    socket = await openSocket(endpoint.wsUrl)
  })

  afterAll(async () => {
    await socket.close()
  })

  it('delivers newHeads after a block is mined', async () => {
    const subscription = (await socket.request('eth_subscribe', ['newHeads'])).result as string
    expect(subscription).toMatch(/^0x[0-9a-f]{32}$/)
    await result(anvilUrl, 'evm_mine')
    const latest = (await result(anvilUrl, 'eth_getBlockByNumber', ['latest', false])) as {
      number: string
      hash: string
    }
    let head = (await socket.nextEvent(subscription)) as { number: string; hash: string }
    while (head.number !== latest.number)
      head = (await socket.nextEvent(subscription)) as typeof head
    expect(head.hash).toBe(latest.hash)
    expect(await socket.request('eth_unsubscribe', [subscription])).toMatchObject({ result: true })
  })

  it('delivers matching logs, and only those', async () => {
    const subscription = (
      await socket.request('eth_subscribe', ['logs', { address: emitter, topics: [tickTopic] }])
    ).result as string
    const unrelated = (
      await socket.request('eth_subscribe', ['logs', { address: `0x${'11'.repeat(20)}` }])
    ).result as string
    const block = await emitLogs(anvilUrl, emitter, 2)
    const first = (await socket.nextEvent(subscription)) as {
      blockNumber: string
      data: string
      address: string
    }
    const second = (await socket.nextEvent(subscription)) as { data: string }
    expect(first).toMatchObject({
      blockNumber: hex(block),
      address: emitter,
      data: `0x${'0'.repeat(64)}`,
    })
    expect(second.data).toBe(`0x${'0'.repeat(63)}1`)
    await socket.request('eth_unsubscribe', [subscription])
    await socket.request('eth_unsubscribe', [unrelated])
    await emitLogs(anvilUrl, emitter, 1)
    const probe = (await socket.request('eth_subscribe', ['newHeads'])).result as string
    await result(anvilUrl, 'evm_mine')
    await socket.nextEvent(probe)
    await socket.request('eth_unsubscribe', [probe])
    // Events arrive in block order: by the probe's head, a live subscription would have had its logs.
    expect(socket.queued(subscription)).toEqual([])
    expect(socket.queued(unrelated)).toEqual([])
  })

  it('validates the subscription kind and the logs filter', async () => {
    expect((await socket.request('eth_subscribe', ['blocks'])).error?.code).toBe(-32602)
    expect(
      (await socket.request('eth_subscribe', ['logs', { topics: ['0x12'] }])).error?.code,
    ).toBe(-32602)
    expect(
      (
        await socket.request('eth_subscribe', [
          'logs',
          { blockHash: `0x${'ab'.repeat(32)}`, fromBlock: '0x1' },
        ])
      ).error,
    ).toEqual({
      code: -32602,
      message: 'cannot specify both blockHash and fromBlock/toBlock, choose one or the other',
    })
  })

  it('answers eth_unsubscribe of an unknown or foreign id with false', async () => {
    const subscription = (await socket.request('eth_subscribe', ['newHeads'])).result as string
    const stranger = await openSocket(endpoint.wsUrl)
    try {
      expect(await stranger.request('eth_unsubscribe', [subscription])).toMatchObject({
        result: false,
      })
      expect(await socket.request('eth_unsubscribe', ['0x1234'])).toMatchObject({ result: false })
    } finally {
      await stranger.close()
      await socket.request('eth_unsubscribe', [subscription])
    }
  })

  it('ends a client’s subscriptions upstream when it disconnects', async () => {
    await eventually(async () => (await healthz()).subscriptions === 0)
    const leaving = await openSocket(endpoint.wsUrl)
    await leaving.request('eth_subscribe', ['newHeads'])
    await leaving.request('eth_subscribe', ['logs', { address: emitter }])
    expect((await healthz()).subscriptions).toBe(2)
    await leaving.close()
    await eventually(async () => (await healthz()).subscriptions === 0)
    expect((await healthz()).subscriptions).toBe(0)
  })
})
