import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import {
  call,
  deployEmitter,
  deployer,
  deployPayloadEmitter,
  emitLogs,
  emitPayloadLogs,
  hex,
  post,
  result,
  tickTopic,
} from './testSupport.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let endpoint: RunningEndpoint
let anvilUrl: string
let emitter: string
/** Two consecutive blocks with 6,000 Tick logs each: 12,000 logs in all. */
let bigFrom: bigint
let bigTo: bigint

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    apiKeys: ['dev', 'other'],
    logLevel: 'silent',
  })
  anvilUrl = endpoint.anvil?.rpcUrl ?? ''
  emitter = await deployEmitter(anvilUrl)
  bigFrom = await emitLogs(anvilUrl, emitter, 6000)
  bigTo = await emitLogs(anvilUrl, emitter, 6000)
})

afterAll(async () => {
  await endpoint?.close()
})

const other = () => `${endpoint.origin}/v3/other`

describe('paths and API keys', () => {
  it('answers POST /v3/<key> for a known key', async () => {
    expect(await call(endpoint.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x7a69' })
  })

  it('answers an unknown key with HTTP 401 and "invalid project id"', async () => {
    const response = await post(
      `${endpoint.origin}/v3/nope`,
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    )
    expect(response.status).toBe(401)
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: 'invalid project id' },
    })
  })

  it.each(['/v3/%', '/v3/%zz'])(
    'answers a key segment that is not a URL component (%s) with 401',
    async (path) => {
      const response = await post(
        `${endpoint.origin}${path}`,
        '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      )
      expect(response.status).toBe(401)
      expect(response.json).toMatchObject({
        error: { code: -32001, message: 'invalid project id' },
      })
    },
  )

  it.each(['/', '/v3', '/v3/dev/extra', '/v2/dev', '/ws/v3/dev'])(
    'answers POST %s with 404',
    async (path) => {
      const response = await post(
        `${endpoint.origin}${path}`,
        '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      )
      expect(response.status).toBe(404)
    },
  )

  it('answers GET /healthz with the upstream state', async () => {
    const response = await fetch(`${endpoint.origin}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', upstream: 'ok', chainId: '0x7a69' })
  })
})

describe('CORS', () => {
  it('lets any origin read the answer', async () => {
    const response = await post(
      endpoint.httpUrl,
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      {
        'content-type': 'application/json',
        origin: 'https://dapp.example',
      },
    )
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers a preflight OPTIONS with 204 and the allowed method and headers', async () => {
    const response = await fetch(endpoint.httpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dapp.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
  })

  it('sends the CORS header with a 401 too, so a page can read the error', async () => {
    const response = await post(`${endpoint.origin}/v3/nope`, '{}')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('accepts a text/plain body (a fetch without preflight)', async () => {
    const response = await post(
      endpoint.httpUrl,
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
      {
        'content-type': 'text/plain',
      },
    )
    expect(response.json).toMatchObject({ result: '0x7a69' })
  })
})

describe('malformed input and batches', () => {
  it('answers malformed JSON with -32700 Parse error', async () => {
    const response = await post(endpoint.httpUrl, '{"jsonrpc":"2.0",')
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
  })

  it('answers JSON that is not a request with -32600', async () => {
    const response = await post(endpoint.httpUrl, '{"id":4,"method":"eth_chainId"}')
    expect(response.json).toMatchObject({ id: 4, error: { code: -32600 } })
  })

  it('answers an empty batch with a single -32600', async () => {
    const response = await post(endpoint.httpUrl, '[]')
    expect(response.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: empty batch' },
    })
  })

  it('answers a batch element by element, in order', async () => {
    const response = await post(
      endpoint.httpUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'evm_mine' },
        42,
        { jsonrpc: '2.0', id: 'x', method: 'net_version' },
      ]),
    )
    expect(response.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32601,
          message: 'The method "evm_mine" does not exist / is not available.',
          data: { method: 'evm_mine' },
        },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: not an object' },
      },
      { jsonrpc: '2.0', id: 'x', result: '31337' },
    ])
  })

  it('answers a body over the size limit with HTTP 413', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: address, data: `0x${'00'.repeat(600_000)}` }, 'latest'],
    })
    const response = await post(endpoint.httpUrl, huge)
    expect(response.status).toBe(413)
    expect(response.json).toMatchObject({ error: { code: -32600 } })
  })
})

describe('method allow-list', () => {
  it.each([
    'anvil_mine',
    'evm_mine',
    'evm_increaseTime',
    'anvil_setBalance',
    'eth_sendTransaction',
    'debug_traceTransaction',
    'eth_subscribe',
  ])('refuses %s with -32601', async (method) => {
    expect((await call(endpoint.httpUrl, method)).error).toEqual({
      code: -32601,
      message: `The method "${method}" does not exist / is not available.`,
      data: { method },
    })
  })

  it.each([
    ['eth_blockNumber', []],
    ['net_version', []],
    ['web3_clientVersion', []],
    ['eth_getBalance', [address, 'latest']],
    ['eth_getBlockByNumber', ['latest', false]],
  ])('forwards %s to the node and relays its result', async (method, params) => {
    const direct = await call(anvilUrl, method, params)
    const relayed = await call(endpoint.httpUrl, method, params)
    expect(relayed.result).toEqual(direct.result)
    expect(relayed.result).not.toBeNull()
  })

  it('forwards eth_simulateV1 with traced transfers to the node', async () => {
    const simulation = await call(endpoint.httpUrl, 'eth_simulateV1', [
      {
        blockStateCalls: [{ calls: [{ from: address, to: address, value: '0x1' }] }],
        traceTransfers: true,
      },
      'latest',
    ])
    expect(simulation.result).toMatchObject([{ calls: [{ status: '0x1' }] }])
  })

  it('relays a node error verbatim', async () => {
    const direct = await call(anvilUrl, 'eth_getBalance', ['0x1234', 'latest'])
    const relayed = await call(endpoint.httpUrl, 'eth_getBalance', ['0x1234', 'latest'])
    expect(relayed.error).toEqual(direct.error)
  })
})

describe('eth_getTransactionByBlockNumberAndIndex', () => {
  it('returns the transaction at a valid index', async () => {
    const transaction = await result(endpoint.httpUrl, 'eth_getTransactionByBlockNumberAndIndex', [
      hex(bigFrom),
      '0x0',
    ])
    expect(transaction).toMatchObject({
      from: deployer.toLowerCase(),
      to: emitter,
      blockNumber: hex(bigFrom),
    })
  })

  it('returns null when there is no such transaction', async () => {
    expect(
      await call(endpoint.httpUrl, 'eth_getTransactionByBlockNumberAndIndex', [
        hex(bigFrom),
        '0x5',
      ]),
    ).toMatchObject({
      result: null,
    })
  })

  it.each(['0x00', '0x01', '0xA', '1', '0x'])('rejects the index %s with -32602', async (index) => {
    const envelope = await call(endpoint.httpUrl, 'eth_getTransactionByBlockNumberAndIndex', [
      'latest',
      index,
    ])
    expect(envelope.error).toEqual({
      code: -32602,
      message: 'Invalid params: params[1]: must match ^0x([1-9a-f]+[0-9a-f]*|0)$',
      data: { problems: [{ path: 'params[1]', message: 'must match ^0x([1-9a-f]+[0-9a-f]*|0)$' }] },
    })
  })
})

describe('eth_getLogs', () => {
  it('returns the logs of a range', async () => {
    const logs = (await result(endpoint.httpUrl, 'eth_getLogs', [
      { address: emitter, fromBlock: hex(bigFrom), toBlock: hex(bigFrom), topics: [tickTopic] },
    ])) as Array<{ topics: string[]; data: string }>
    expect(logs).toHaveLength(6000)
    expect(logs[5999]?.data).toBe(`0x${(5999).toString(16).padStart(64, '0')}`)
  })

  it('rejects blockHash with fromBlock with the exact message', async () => {
    const block = (await result(endpoint.httpUrl, 'eth_getBlockByNumber', ['latest', false])) as {
      hash: string
    }
    expect(
      (await call(endpoint.httpUrl, 'eth_getLogs', [{ blockHash: block.hash, fromBlock: '0x0' }]))
        .error,
    ).toEqual({
      code: -32602,
      message: 'cannot specify both blockHash and fromBlock/toBlock, choose one or the other',
    })
  })

  it('accepts a blockHash alone', async () => {
    const block = (await result(endpoint.httpUrl, 'eth_getBlockByNumber', [
      hex(bigFrom),
      false,
    ])) as { hash: string }
    const logs = (await result(endpoint.httpUrl, 'eth_getLogs', [
      { blockHash: block.hash, address: emitter },
    ])) as unknown[]
    expect(logs).toHaveLength(6000)
  })

  it('rejects an invalid filter with -32602 and each problem', async () => {
    const envelope = await call(endpoint.httpUrl, 'eth_getLogs', [
      { address: '0x12', topics: [null, null, null, null, null], fromBlock: 'yesterday' },
    ])
    expect(envelope.error?.code).toBe(-32602)
    expect(envelope.error?.data).toEqual({
      problems: [
        { path: 'params[0].address', message: 'must be a 20-byte hex address or an array of them' },
        { path: 'params[0].topics', message: 'must have at most 4 positions' },
        {
          path: 'params[0].fromBlock',
          message: 'must be a hex block number or latest|earliest|pending|safe|finalized',
        },
      ],
    })
  })

  it('rejects missing params with -32602', async () => {
    expect((await call(endpoint.httpUrl, 'eth_getLogs')).error?.code).toBe(-32602)
  })

  it('accepts exactly 5,000 parameters', async () => {
    const addresses = Array.from(
      { length: 4999 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
    )
    const envelope = await call(endpoint.httpUrl, 'eth_getLogs', [
      { address: addresses, topics: [tickTopic], fromBlock: hex(bigFrom), toBlock: hex(bigFrom) },
    ])
    expect(envelope.result).toEqual([])
  })

  it('rejects 5,001 parameters with -32005', async () => {
    const addresses = Array.from(
      { length: 5000 },
      (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
    )
    const envelope = await call(endpoint.httpUrl, 'eth_getLogs', [
      { address: addresses, topics: [tickTopic] },
    ])
    expect(envelope.error).toEqual({
      code: -32005,
      message: 'query exceeds max parameters of 5000',
      data: { parameters: 5001, limit: 5000 },
    })
  })

  it('rejects more than 10,000 results with -32005 and a block range that fits', async () => {
    const envelope = await call(endpoint.httpUrl, 'eth_getLogs', [
      { address: emitter, fromBlock: hex(bigFrom), toBlock: hex(bigTo) },
    ])
    expect(envelope.error).toEqual({
      code: -32005,
      message: 'query returned more than 10000 results',
      data: { from: hex(bigFrom), to: hex(bigFrom), limit: 10000 },
    })
    const data = envelope.error?.data as { from: string; to: string }
    const narrower = (await result(endpoint.httpUrl, 'eth_getLogs', [
      { address: emitter, fromBlock: data.from, toBlock: data.to },
    ])) as unknown[]
    expect(narrower.length).toBeLessThanOrEqual(10000)
  })

  it('keeps each request id, also when a large result is forwarded as is', async () => {
    const response = await post(
      endpoint.httpUrl,
      JSON.stringify([
        {
          jsonrpc: '2.0',
          id: 'logs',
          method: 'eth_getLogs',
          params: [{ address: emitter, fromBlock: hex(bigTo), toBlock: hex(bigTo) }],
        },
        { jsonrpc: '2.0', id: 7, method: 'eth_chainId' },
      ]),
    )
    const [logs, chainId] = response.json as Array<{ id: string | number; result: unknown[] }>
    expect(logs?.id).toBe('logs')
    expect(logs?.result).toHaveLength(6000)
    expect(chainId).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
  })
})

describe('query timeout', () => {
  it('answers -32005 query timeout exceeded when the node is slower than the limit', async () => {
    const impatient = await startEndpoint({
      ...testStateOptions(),
      port: 0,
      upstream: anvilUrl,
      queryTimeoutMs: 1,
      logLevel: 'silent',
    })
    try {
      const envelope = await call(impatient.httpUrl, 'eth_getLogs', [
        { address: emitter, fromBlock: hex(bigFrom), toBlock: hex(bigTo) },
      ])
      expect(envelope.error).toEqual({ code: -32005, message: 'query timeout exceeded' })
    } finally {
      await impatient.close()
    }
  })
})

describe('filters over HTTP', () => {
  it('returns new logs from eth_getFilterChanges and all logs from eth_getFilterLogs', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [
      { address: emitter, fromBlock: hex(bigTo) },
    ])
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])).toEqual([])
    const block = await emitLogs(anvilUrl, emitter, 3)
    const changes = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])) as Array<{
      blockNumber: string
    }>
    expect(changes.map((log) => log.blockNumber)).toEqual([hex(block), hex(block), hex(block)])
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])).toEqual([])
    expect((await result(endpoint.httpUrl, 'eth_getFilterLogs', [id])) as unknown[]).toHaveLength(
      6003,
    )
  })

  it('returns new block hashes from a block filter', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newBlockFilter')
    await result(anvilUrl, 'evm_mine')
    await result(anvilUrl, 'evm_mine')
    const hashes = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])) as string[]
    const latest = (await result(anvilUrl, 'eth_getBlockByNumber', ['latest', false])) as {
      hash: string
    }
    expect(hashes).toHaveLength(2)
    expect(hashes[1]).toBe(latest.hash)
  })

  it('applies the 10,000-result limit to eth_getFilterLogs', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [
      { address: emitter, fromBlock: hex(bigFrom), toBlock: hex(bigTo) },
    ])
    expect((await call(endpoint.httpUrl, 'eth_getFilterLogs', [id])).error).toEqual({
      code: -32005,
      message: 'query returned more than 10000 results',
      data: { from: hex(bigFrom), to: hex(bigFrom), limit: 10000 },
    })
  })

  it('rejects eth_getFilterLogs of a filter from the pending block', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ fromBlock: 'pending' }])
    expect((await call(endpoint.httpUrl, 'eth_getFilterLogs', [id])).error).toEqual({
      code: -32602,
      message: 'pending logs are not supported',
    })
  })

  it('validates eth_newFilter like eth_getLogs', async () => {
    expect(
      (await call(endpoint.httpUrl, 'eth_newFilter', [{ topics: ['0x12'] }])).error?.code,
    ).toBe(-32602)
  })

  it('hides a filter from another API key', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newBlockFilter')
    for (const method of ['eth_getFilterChanges', 'eth_getFilterLogs']) {
      expect((await call(other(), method, [id])).error).toEqual({
        code: -32000,
        message: 'filter not found',
      })
    }
    expect(await result(other(), 'eth_uninstallFilter', [id])).toBe(false)
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])).toEqual([])
  })

  it('forgets an uninstalled filter', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newBlockFilter')
    expect(await result(endpoint.httpUrl, 'eth_uninstallFilter', [id])).toBe(true)
    expect(await result(endpoint.httpUrl, 'eth_uninstallFilter', [id])).toBe(false)
    expect((await call(endpoint.httpUrl, 'eth_getFilterChanges', [id])).error).toEqual({
      code: -32000,
      message: 'filter not found',
    })
  })

  it('answers an unknown filter id with -32000 filter not found', async () => {
    expect((await call(endpoint.httpUrl, 'eth_getFilterChanges', ['0x1234'])).error).toEqual({
      code: -32000,
      message: 'filter not found',
    })
  })

  it('expires a filter not polled within the TTL', async () => {
    const brief = await startEndpoint({
      ...testStateOptions(),
      port: 0,
      upstream: anvilUrl,
      // Wide margins: with Redis state the TTL runs on Redis's clock, and a loaded machine can
      // delay a poll by ~1 s.
      filterTtlMs: 1_500,
      logLevel: 'silent',
    })
    try {
      const kept = await result(brief.httpUrl, 'eth_newBlockFilter')
      const dropped = await result(brief.httpUrl, 'eth_newBlockFilter')
      for (let poll = 0; poll < 6; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 300))
        await result(brief.httpUrl, 'eth_getFilterChanges', [kept])
      }
      expect((await call(brief.httpUrl, 'eth_getFilterChanges', [dropped])).error).toEqual({
        code: -32000,
        message: 'filter not found',
      })
      expect(await result(brief.httpUrl, 'eth_getFilterChanges', [kept])).toEqual([])
    } finally {
      await brief.close()
    }
  })
})

/**
 * Sends a poll on a connection of its own and resolves once the first bytes of its answer arrived
 * (the poll has claimed its changes and is writing them), reading nothing more.
 */
async function pollWithoutReading(url: string, id: string): Promise<Socket> {
  const { hostname, port, pathname } = new URL(url)
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getFilterChanges',
    params: [id],
  })
  const socket = connect(Number(port), hostname)
  await once(socket, 'connect')
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  const [first] = (await once(socket, 'data')) as [Buffer]
  socket.pause()
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 200/)
  return socket
}

type Log = { blockNumber: string; logIndex: string }
const idsOf = (logs: Log[]) => logs.map((log) => `${log.blockNumber}:${log.logIndex}`)

describe('a poll whose answer is not written', () => {
  it('leaves its changes to the next poll when the client leaves with the answer half-sent', async () => {
    const payloadEmitter = await deployPayloadEmitter(anvilUrl)
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: payloadEmitter }])
    // Two blocks of 200 logs of 16 KiB: an answer of ~13 MB, far more than the loopback socket
    // buffers hold, so it cannot be written while the client does not read.
    const from = await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
    const to = await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
    ;(await pollWithoutReading(endpoint.httpUrl, id as string)).destroy()
    const logs = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])) as Log[]
    const expected = (await result(anvilUrl, 'eth_getLogs', [
      { address: payloadEmitter, fromBlock: hex(from), toBlock: hex(to) },
    ])) as Log[]
    expect(logs).toHaveLength(400)
    expect(idsOf(logs)).toEqual(idsOf(expected))
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])).toEqual([])
  })

  it('makes the next poll of the filter answer "filter busy" while its client does not read', async () => {
    // The second poll waits for the first's claim as long as a query may take (+2 s): short enough
    // for a test, long enough that the first poll's 13 MB log query to anvil still ends within it
    // on a loaded machine (at 300 ms it timed out there about 1 run in 8, and held no claim).
    const impatient = await startEndpoint({
      ...testStateOptions(),
      port: 0,
      upstream: anvilUrl,
      queryTimeoutMs: 3000,
      logLevel: 'silent',
    })
    try {
      const payloadEmitter = await deployPayloadEmitter(anvilUrl)
      const id = await result(impatient.httpUrl, 'eth_newFilter', [{ address: payloadEmitter }])
      await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
      await emitPayloadLogs(anvilUrl, payloadEmitter, 200, 16_384)
      const reader = await pollWithoutReading(impatient.httpUrl, id as string)
      expect((await call(impatient.httpUrl, 'eth_getFilterChanges', [id])).error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: { cause: 'filter busy; poll again' },
      })
      reader.destroy()
      expect(await result(impatient.httpUrl, 'eth_getFilterChanges', [id])).toHaveLength(400)
    } finally {
      await impatient.close()
    }
  })

  it('leaves its changes to the next poll when the poll was a notification', async () => {
    const id = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const block = await emitLogs(anvilUrl, emitter, 2)
    const notification = JSON.stringify({
      jsonrpc: '2.0',
      method: 'eth_getFilterChanges',
      params: [id],
    })
    expect((await post(endpoint.httpUrl, notification)).status).toBe(204)
    const logs = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])) as Log[]
    expect(logs.map((log) => log.blockNumber)).toEqual([hex(block), hex(block)])
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [id])).toEqual([])
  })

  it('moves the cursors of the polls a batch answered, not of its notifications', async () => {
    const answered = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const notified = await result(endpoint.httpUrl, 'eth_newFilter', [{ address: emitter }])
    const block = await emitLogs(anvilUrl, emitter, 1)
    const batch = await post(
      endpoint.httpUrl,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_getFilterChanges', params: [answered] },
        { jsonrpc: '2.0', method: 'eth_getFilterChanges', params: [notified] },
      ]),
    )
    expect((batch.json as Array<{ result: Log[] }>).map((item) => item.result.length)).toEqual([1])
    expect(await result(endpoint.httpUrl, 'eth_getFilterChanges', [answered])).toEqual([])
    const logs = (await result(endpoint.httpUrl, 'eth_getFilterChanges', [notified])) as Log[]
    expect(logs.map((log) => log.blockNumber)).toEqual([hex(block)])
  })
})
