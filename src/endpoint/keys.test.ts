import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { keyLabel } from './metrics/createMetrics.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { call, openSocket, post } from './testSupport.ts'

const contract = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const elsewhere = '0x0000000000000000000000000000000000000001'

let endpoint: RunningEndpoint
const metricsLabelSecret = 'the operator’s label secret'

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    port: 0,
    logLevel: 'silent',
    metricsLabelSecret,
    apiKeys: ['open'],
    keyPolicies: {
      // One request, then one more every 20 s: the second request in a test is always refused.
      slow: { requestsPerSecond: 0.05 },
      daily: { requestsPerDay: 3 },
      origins: { allowedOrigins: ['https://app.example'] },
      methods: { allowedMethods: ['eth_chainId', 'eth_getLogs'] },
      contracts: { allowedAddresses: [contract] },
      capped: { maxFilters: 2 },
    },
  })
})

afterAll(async () => {
  await endpoint?.close()
})

const url = (key: string) => `${endpoint.origin}/v3/${key}`
const chainId = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'
const refusal = (code: number, message: string) => ({
  jsonrpc: '2.0',
  id: null,
  error: { code, message },
})

describe('a keys file', () => {
  it('answers over the requests per second with HTTP 429 and -32005', async () => {
    expect((await post(url('slow'), chainId)).status).toBe(200)
    const refused = await post(url('slow'), chainId)
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual(refusal(-32005, 'project ID request rate exceeded'))
  })

  it('answers over the daily cap with HTTP 402, counting each call of a batch', async () => {
    expect((await post(url('daily'), `[${chainId},${chainId}]`)).status).toBe(200)
    expect((await post(url('daily'), chainId)).status).toBe(200)
    const refused = await post(url('daily'), chainId)
    expect(refused.status).toBe(402)
    expect(refused.json).toEqual(
      refusal(-32005, 'daily request count exceeded, request rate limited'),
    )
  })

  it('refuses an origin outside its allowlist with HTTP 403, and a request without one', async () => {
    const json = { 'content-type': 'application/json' }
    expect(
      (await post(url('origins'), chainId, { ...json, origin: 'https://app.example' })).status,
    ).toBe(200)
    const other = await post(url('origins'), chainId, { ...json, origin: 'https://evil.example' })
    expect(other.status).toBe(403)
    expect(other.json).toEqual(
      refusal(
        -32002,
        'rejected due to project ID settings: origin https://evil.example is not allowed',
      ),
    )
    expect((await post(url('origins'), chainId)).status).toBe(403)
  })

  it('answers a refused WebSocket call with its own id, so the client is not left waiting', async () => {
    const wsUrl = `${endpoint.origin.replace('http', 'ws')}/ws/v3/methods`
    const socket = await openSocket(wsUrl)
    try {
      const refused = await socket.request('eth_blockNumber')
      expect(refused.error).toEqual({
        code: -32002,
        message: 'rejected due to project ID settings: method eth_blockNumber is not allowed',
      })
      expect((await socket.request('eth_chainId')).result).toBe('0x7a69')
    } finally {
      await socket.close()
    }
    // A batch: one refusal per call, each with its id; a notification is not answered.
    const raw = new WebSocket(wsUrl)
    await new Promise((resolve) => raw.once('open', resolve))
    const answer = new Promise<unknown>((resolve) =>
      raw.once('message', (data) => resolve(JSON.parse(data.toString()))),
    )
    raw.send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', method: 'eth_blockNumber' },
        { jsonrpc: '2.0', id: 9, method: 'eth_blockNumber' },
      ]),
    )
    expect(
      ((await answer) as Array<{ id: unknown; error: { code: number } }>).map(({ id, error }) => [
        id,
        error.code,
      ]),
    ).toEqual([
      ['a', -32002],
      [9, -32002],
    ])
    raw.terminate()
  })

  it('refuses a WebSocket from an origin outside the allowlist with 403', async () => {
    const wsUrl = `${endpoint.origin.replace('http', 'ws')}/ws/v3/origins`
    const status = await new Promise<number | undefined>((resolve) => {
      const socket = new WebSocket(wsUrl, { origin: 'https://evil.example' })
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode))
      socket.once('open', () => {
        socket.close()
        resolve(101)
      })
    })
    expect(status).toBe(403)
  })

  it('refuses a method outside its allowlist with HTTP 403, also inside a batch', async () => {
    expect((await post(url('methods'), chainId)).status).toBe(200)
    const single = await post(url('methods'), '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}')
    expect(single.status).toBe(403)
    expect(single.json).toEqual(
      refusal(-32002, 'rejected due to project ID settings: method eth_blockNumber is not allowed'),
    )
    const batch = `[${chainId},{"jsonrpc":"2.0","id":2,"method":"eth_gasPrice"}]`
    expect((await post(url('methods'), batch)).status).toBe(403)
  })

  it('lets eth_call, eth_getLogs and filters name allowed contracts only', async () => {
    expect(
      (await call(url('contracts'), 'eth_getLogs', [{ address: contract }])).error,
    ).toBeUndefined()
    expect(
      (await call(url('contracts'), 'eth_call', [{ to: contract }, 'latest'])).error,
    ).toBeUndefined()
    for (const [method, params] of [
      ['eth_getLogs', [{ address: [contract, elsewhere] }]],
      ['eth_getLogs', [{}]],
      ['eth_newFilter', [{ address: elsewhere }]],
      ['eth_call', [{ to: elsewhere }, 'latest']],
    ] as const) {
      const refused = await post(
        url('contracts'),
        JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      )
      expect(refused.status).toBe(403)
      expect(refused.json).toEqual(
        refusal(
          -32002,
          `rejected due to project ID settings: ${method} must name allowed contract addresses only`,
        ),
      )
    }
    expect((await call(url('contracts'), 'eth_blockNumber')).error).toBeUndefined()
  })

  it('overrides the live filter cap of one key', async () => {
    expect((await call(url('capped'), 'eth_newBlockFilter')).error).toBeUndefined()
    expect((await call(url('capped'), 'eth_newBlockFilter')).error).toBeUndefined()
    expect((await call(url('capped'), 'eth_newBlockFilter')).error?.code).toBe(-32005)
    expect((await call(url('open'), 'eth_newBlockFilter')).error).toBeUndefined()
  })

  it('leaves a key without settings unlimited', async () => {
    for (let request = 0; request < 5; request++) {
      expect((await post(url('open'), chainId)).status).toBe(200)
    }
  })
})

describe('GET /metrics', () => {
  it('counts calls by method and hashed key, and never shows a key', async () => {
    await post(url('open'), chainId)
    await post(url('open'), '{"jsonrpc":"2.0","id":1,"method":"evm_mine"}')
    const response = await fetch(`${endpoint.origin}/metrics`)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    const key = keyLabel(metricsLabelSecret, 'open')
    expect(text).toMatch(
      new RegExp(
        `aperture_requests_total\\{transport="http",method="eth_chainId",key="${key}",network="eip155"\\} \\d+`,
      ),
    )
    expect(text).toContain(
      `aperture_errors_total{transport="http",method="(not allowed)",key="${key}",code="-32601",network="eip155"}`,
    )
    expect(text).toMatch(
      /aperture_upstream_request_duration_seconds_count\{network="eip155",method="eth_chainId"\} \d+/,
    )
    expect(text).toMatch(/aperture_live_filters\{network="eip155"\} \d+/)
    expect(text).toMatch(/aperture_open_websockets\{network="eip155"\} 0/)
    expect(text).not.toMatch(/key="(open|slow|daily)"/)
  })

  it('sends no CORS header, so a page of another origin cannot read it through its visitor', async () => {
    const page = { origin: 'https://scanner.example' }
    const scrape = await fetch(`${endpoint.origin}/metrics`, { headers: page })
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${endpoint.origin}/metrics`, {
      method: 'OPTIONS',
      headers: { ...page, 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull()
    // The calls themselves stay open to every origin (DESIGN §5).
    const calls = await fetch(url('open'), { method: 'POST', headers: page, body: chainId })
    expect(calls.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('GET /metrics with a metrics token', () => {
  let guarded: RunningEndpoint
  const token = 'scraper-7f3a9c'

  beforeAll(async () => {
    guarded = await startEndpoint({
      ...testStateOptions(),
      port: 0,
      logLevel: 'silent',
      upstream: endpoint.upstreamUrl,
      metricsToken: token,
    })
  })

  afterAll(async () => {
    await guarded?.close()
  })

  it('answers 401 without the bearer token or with another, and the metrics with it', async () => {
    const scrape = (authorization?: string) =>
      fetch(`${guarded.origin}/metrics`, authorization ? { headers: { authorization } } : {})
    const without = await scrape()
    expect(without.status).toBe(401)
    expect(without.headers.get('www-authenticate')).toBe('Bearer')
    expect(await without.text()).not.toContain('aperture_requests_total')
    expect((await scrape(`Bearer ${token}x`)).status).toBe(401)
    expect((await scrape(token)).status).toBe(401)
    const allowed = await scrape(`Bearer ${token}`)
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('aperture_requests_total')
  })
})
