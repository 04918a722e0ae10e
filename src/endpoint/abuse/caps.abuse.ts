import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { defaultLimits } from '../limits.ts'
import { openSocket } from '../testSupport.ts'
import { type AbusedEndpoint, postRaw, report, startAbusedEndpoint } from './abuseSupport.ts'

let endpoint: AbusedEndpoint

// Small caps through their flags, so the suite hits each in a few hundred requests.
beforeAll(async () => {
  endpoint = await startAbusedEndpoint([
    '--max-filters',
    '150',
    '--max-subscriptions-per-socket',
    '40',
    '--max-sockets-per-key',
    '6',
    '--max-sockets-per-address',
    '8',
    '--max-pending-per-socket',
    '60',
    '--api-key',
    'other',
  ])
})

afterAll(async () => {
  await endpoint?.stop()
})

type Envelope = { id: number | null; result?: unknown; error?: { code: number; message: string } }

const batch = (method: string, params: unknown[], count: number, firstId = 1) =>
  JSON.stringify(
    Array.from({ length: count }, (_, index) => ({
      jsonrpc: '2.0',
      id: firstId + index,
      method,
      params,
    })),
  )

/** The HTTP status and body with which an upgrade is refused, or 101 when it is accepted. */
const upgrade = (url: string) =>
  new Promise<{ status: number; body: string; socket?: WebSocket }>((resolve) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve({ status: 101, body: '', socket }))
    socket.once('unexpected-response', (_request, response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    socket.once('error', () => undefined)
  })

/** Open WebSockets, as /healthz counts them. */
const connections = async () =>
  ((await (await fetch(endpoint.ready.health)).json()) as { connections: number }).connections

describe('caps (issue 11)', () => {
  it('has the documented defaults', () => {
    expect(defaultLimits).toMatchObject({
      maxFilters: 10_000,
      maxSubscriptionsPerSocket: 1_000,
      maxBufferedBytes: 16 * 1024 * 1024,
    })
  })

  it('refuses live filters of one key beyond the cap with -32005 naming it', async () => {
    const answers: Envelope[] = []
    for (let round = 0; round < 2; round++) {
      const { json } = await postRaw(
        endpoint.httpUrl,
        batch('eth_newFilter', [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }], 100),
      )
      answers.push(...(json as Envelope[]))
    }
    const refused = answers.filter((answer) => answer.error)
    report('200 eth_newFilter, cap 150', {
      accepted: answers.length - refused.length,
      refused: refused.length,
    })
    expect(answers.length - refused.length).toBe(150)
    expect(refused[0]?.error).toEqual({
      code: -32005,
      message: 'filter limit reached: at most 150 live filters per API key',
      data: { limit: 150 },
    })
    const uninstalled = answers.find((answer) => typeof answer.result === 'string')
    await postRaw(
      endpoint.httpUrl,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_uninstallFilter',
        params: [uninstalled?.result],
      }),
    )
    const { json } = await postRaw(endpoint.httpUrl, batch('eth_newBlockFilter', [], 1))
    expect(typeof (json as Envelope[])[0]?.result).toBe('string')
  })

  it('refuses subscriptions of one socket beyond the cap, made at once, with -32005', async () => {
    const socket = await openSocket(endpoint.wsUrl)
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => socket.request('eth_subscribe', ['newHeads'])),
      )
      const refused = answers.filter((answer) => answer.error)
      expect(answers.length - refused.length).toBe(40)
      expect(refused[0]?.error).toEqual({
        code: -32005,
        message: 'subscription limit reached: at most 40 subscriptions per connection',
        data: { limit: 40 },
      })
    } finally {
      await socket.close()
    }
  })

  it('refuses WebSockets of one key beyond the cap with 429 and a JSON-RPC body', async () => {
    await expect.poll(connections).toBe(0)
    const opened = await Promise.all(Array.from({ length: 6 }, () => upgrade(endpoint.wsUrl)))
    try {
      expect(opened.map((attempt) => attempt.status)).toEqual([101, 101, 101, 101, 101, 101])
      const refused = await upgrade(endpoint.wsUrl)
      expect(refused.status).toBe(429)
      expect(JSON.parse(refused.body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32005,
          message: 'connection limit reached: at most 6 WebSockets per API key',
          data: { limit: 6 },
        },
      })
    } finally {
      for (const attempt of opened) attempt.socket?.terminate()
    }
    // The refused one was not counted, the closed ones are uncounted: a socket opens again.
    await expect
      .poll(async () => {
        const attempt = await upgrade(endpoint.wsUrl)
        attempt.socket?.terminate()
        return attempt.status
      })
      .toBe(101)
  })

  it('refuses WebSockets from one address beyond the cap, over every key, with 429', async () => {
    await expect.poll(connections).toBe(0)
    const otherUrl = endpoint.wsUrl.replace(/[^/]+$/, 'other')
    const opened = await Promise.all([
      ...Array.from({ length: 6 }, () => upgrade(endpoint.wsUrl)),
      upgrade(otherUrl),
      upgrade(otherUrl),
    ])
    try {
      expect(opened.every((attempt) => attempt.status === 101)).toBe(true)
      const refused = await upgrade(otherUrl)
      expect(refused.status).toBe(429)
      expect(JSON.parse(refused.body).error).toEqual({
        code: -32005,
        message: 'connection limit reached: at most 8 WebSockets per address',
        data: { limit: 8 },
      })
    } finally {
      for (const attempt of opened) attempt.socket?.terminate()
    }
  })

  it('refuses frames beyond the pending cap of a socket with -32005, and answers the rest', async () => {
    const socket = new WebSocket(endpoint.wsUrl)
    await new Promise((resolve) => socket.once('open', resolve))
    const answers: Envelope[] = []
    socket.on('message', (data) => answers.push(JSON.parse(data.toString()) as Envelope))
    for (let id = 1; id <= 200; id++) {
      socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'eth_getBlockByNumber',
          params: ['latest', true],
        }),
      )
    }
    await expect.poll(() => answers.length, { timeout: 20_000 }).toBe(200)
    socket.terminate()
    const refused = answers.filter((answer) => answer.error)
    report('200 frames at once, pending cap 60', { refused: refused.length })
    expect(refused.length).toBeGreaterThan(0)
    // Every frame is answered once, under its own id: a refused one too.
    expect(answers.map((answer) => answer.id).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    )
    expect(refused[0]).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      error: {
        code: -32005,
        message: 'too many pending requests: at most 60 per connection; wait for answers',
        data: { limit: 60 },
      },
    })
    expect(answers.filter((answer) => answer.result).length).toBeGreaterThanOrEqual(60)
  })
})
