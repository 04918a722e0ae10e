/**
 * `--network solana` (DESIGN §8 "Endpoint"): the endpoint in front of a real Surfpool, over HTTP and
 * WebSocket, with the same keys, caps and state as EVM (this file runs on memory and on Redis state).
 */
import { connect, createServer, type Server, type Socket } from 'node:net'
import { createSolanaRpcSubscriptions, generateKeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../core/rpc/types.ts'
import { type RunningEndpoint, startEndpoint } from './index.ts'
import { confirmed, fundedSigner, lamportsPerSol, signedTransfer } from './solanaSupport.ts'
import { testStateOptions } from './state/testStateOptions.ts'
import { call, eventually, openSocket, post, result } from './testSupport.ts'

const systemProgram = '11111111111111111111111111111111'

let endpoint: RunningEndpoint

beforeAll(async () => {
  endpoint = await startEndpoint({
    ...testStateOptions(),
    network: 'solana',
    port: 0,
    logLevel: 'silent',
    finalityRefreshMs: 100,
    keyPolicies: {
      dev: {},
      capped: { maxSubscriptionsPerSocket: 2 },
      slow: { requestsPerSecond: 1 },
      balances: { allowedMethods: ['getBalance'] },
      daily: { requestsPerDay: 2 },
      origins: { allowedOrigins: ['https://app.example'] },
    },
  })
})

afterAll(async () => {
  await endpoint?.close()
})

const url = (key = 'dev') => `${endpoint.origin}/v3/${key}`
const wsUrl = (key = 'dev') => `ws://${new URL(endpoint.origin).host}/ws/v3/${key}`

/** The upstream calls the endpoint made for `method`, from its own metrics. */
async function upstreamCalls(method: string): Promise<number> {
  const text = await (await fetch(`${endpoint.origin}/metrics`)).text()
  const line = new RegExp(
    `^aperture_upstream_request_duration_seconds_count\\{network="solana",method="${method}"\\} (\\d+)$`,
    'm',
  )
  return Number(line.exec(text)?.[1] ?? 0)
}

describe('--network solana over HTTP', () => {
  it('serves the embedded Surfpool: the same genesis hash as the node, the network in the ready data', async () => {
    const surfpool = endpoint.surfpool
    if (!surfpool) throw new Error('no embedded Surfpool')
    expect(endpoint.network).toBe('solana')
    expect(endpoint.anvil).toBeUndefined()
    const direct = await result(surfpool.rpcUrl, 'getGenesisHash')
    expect(await result(url(), 'getGenesisHash')).toBe(direct)
    const health = (await (await fetch(`${endpoint.origin}/healthz`)).json()) as Json
    expect(health).toMatchObject({ status: 'ok', genesisHash: direct })
  })

  it('refuses EVM methods and the node’s own with -32601 naming the method', async () => {
    for (const method of ['eth_chainId', 'surfnet_setAccount', 'accountSubscribe']) {
      expect(await call(url(), method, [])).toMatchObject({
        error: { code: -32601, data: { method } },
      })
    }
  })

  it('answers bad params with a bounded -32602 before any upstream call', async () => {
    const cases: Array<[string, Json[], string]> = [
      ['getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], 'params[0]'],
      ['getAccountInfo', [systemProgram, { commitment: 'latest' }], 'params[1].commitment'],
      ['getAccountInfo', [systemProgram, { encoding: 'hex' }], 'params[1].encoding'],
      ['getTransaction', ['not-a-signature'], 'params[0]'],
      ['getBlock', [-1], 'params[0]'],
    ]
    for (const [method, params, path] of cases) {
      const envelope = await call(url(), method, params)
      expect(envelope.error?.code).toBe(-32602)
      expect(envelope.error?.data).toMatchObject({ problems: [{ path }] })
    }
    expect(await upstreamCalls('getBalance')).toBe(0)
    expect(await upstreamCalls('getTransaction')).toBe(0)
  })

  it('serves getMultipleAccounts up to 100 keys and refuses 101 with -32602', async () => {
    const keys = Array.from({ length: 100 }, () => systemProgram)
    const answer = (await result(url(), 'getMultipleAccounts', keys.length ? [keys] : [])) as {
      value: unknown[]
    }
    expect(answer.value).toHaveLength(100)
    const refused = await call(url(), 'getMultipleAccounts', [[...keys, systemProgram]])
    expect(refused.error).toMatchObject({
      code: -32602,
      data: { problems: [{ path: 'params[0]', message: 'too many inputs provided; max 100' }] },
    })
  })

  it('serves getSignaturesForAddress with limit 1,000 and refuses 1,001 with -32602', async () => {
    expect(
      await result(url(), 'getSignaturesForAddress', [systemProgram, { limit: 1000 }]),
    ).toBeInstanceOf(Array)
    expect(
      await call(url(), 'getSignaturesForAddress', [systemProgram, { limit: 1001 }]),
    ).toMatchObject({ error: { code: -32602, message: expect.stringContaining('max 1000') } })
  })

  it('serves requestAirdrop in front of its local node', async () => {
    const signer = await generateKeyPairSigner()
    const signature = await result(url(), 'requestAirdrop', [signer.address, 1_000_000_000])
    await confirmed(url(), signature as string)
    const balance = (await result(url(), 'getBalance', [signer.address])) as { value: number }
    expect(balance.value).toBe(1_000_000_000)
  })

  it('relays a transfer built with @solana/kit: sent, confirmed, balances moved', async () => {
    const sender = await fundedSigner(url())
    const recipient = (await generateKeyPairSigner()).address
    const { wire, signature } = await signedTransfer(url(), sender, recipient, lamportsPerSol / 2n)
    expect(await result(url(), 'sendTransaction', [wire, { encoding: 'base64' }])).toBe(signature)
    await confirmed(url(), signature)
    const balance = (await result(url(), 'getBalance', [recipient])) as { value: number }
    expect(balance.value).toBe(Number(lamportsPerSol / 2n))
  })

  it('applies the keys file: a key limited to getBalance is refused getSlot with 403', async () => {
    const refused = await post(
      url('balances'),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    )
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ error: { code: -32002 } })
    expect(await result(url('balances'), 'getBalance', [systemProgram])).toMatchObject({
      value: expect.any(Number),
    })
  })

  it('applies the keys file: a key at 1 request/s is refused the second with 429 and -32005', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })
    const [first, second] = [await post(url('slow'), body), await post(url('slow'), body)]
    expect(first?.status).toBe(200)
    expect(second?.status).toBe(429)
    expect(second?.json).toMatchObject({
      error: { code: -32005, message: 'project ID request rate exceeded' },
    })
  })

  it('applies the keys file: over the daily cap, HTTP 402 and -32005', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })
    expect((await post(url('daily'), body)).status).toBe(200)
    expect((await post(url('daily'), body)).status).toBe(200)
    const refused = await post(url('daily'), body)
    expect(refused.status).toBe(402)
    expect(refused.json).toMatchObject({
      error: { code: -32005, message: 'daily request count exceeded, request rate limited' },
    })
  })

  it('applies the keys file: an origin outside the allowlist is refused with HTTP 403 and -32002', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })
    const json = { 'content-type': 'application/json' }
    const allowed = await post(url('origins'), body, { ...json, origin: 'https://app.example' })
    expect(allowed.status).toBe(200)
    expect(allowed.json).toMatchObject({ result: expect.any(Number) })
    const other = await post(url('origins'), body, { ...json, origin: 'https://evil.example' })
    expect(other.status).toBe(403)
    expect(other.json).toMatchObject({
      error: {
        code: -32002,
        message: 'rejected due to project ID settings: origin https://evil.example is not allowed',
      },
    })
  })

  it('answers a CORS preflight with 204 for any origin, and lets the page read the answer', async () => {
    const preflight = await fetch(url(), {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dapp.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
    const answer = await post(url(), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }), {
      'content-type': 'application/json',
      origin: 'https://dapp.example',
    })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses requestAirdrop with -32601 in front of a node that is not local', async () => {
    // A documentation address (TEST-NET-1): not loopback, and never asked.
    const remote = await startEndpoint({
      network: 'solana',
      port: 0,
      logLevel: 'silent',
      upstream: 'http://192.0.2.1:8899',
      cacheMaxBytes: 0,
    })
    try {
      expect(
        await call(remote.httpUrl, 'requestAirdrop', [systemProgram, 1_000_000_000]),
      ).toMatchObject({ error: { code: -32601, data: { method: 'requestAirdrop' } } })
    } finally {
      await remote.close()
    }
  })

  it('serves a finalized block and a finalized transaction from its cache', async () => {
    const sender = await fundedSigner(url())
    const { wire, signature } = await signedTransfer(
      url(),
      sender,
      (await generateKeyPairSigner()).address,
      1_000_000n,
    )
    await result(url(), 'sendTransaction', [wire, { encoding: 'base64' }])
    let slot = 0
    await eventually(async () => {
      const transaction = (await result(url(), 'getTransaction', [
        signature,
        { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ])) as { slot: number } | null
      if (!transaction) return false
      slot = transaction.slot
      const finalized = (await result(url(), 'getSlot', [{ commitment: 'finalized' }])) as number
      return finalized > slot
    }, 1000)
    const params: Json[] = [
      signature,
      { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    ]
    const blockParams: Json[] = [slot, { maxSupportedTransactionVersion: 0 }]
    const first = await result(url(), 'getTransaction', params)
    const block = await result(url(), 'getBlock', blockParams)
    expect(await upstreamCalls('getTransaction')).toBeGreaterThan(0)
    expect(await upstreamCalls('getBlock')).toBeGreaterThan(0)
    // Once the endpoint has seen the slot finalized (its refresh runs in the background), the
    // answers come from its cache: asking again reaches the node no more.
    for (const [method, asked, answer] of [
      ['getTransaction', params, first],
      ['getBlock', blockParams, block],
    ] as const) {
      await eventually(async () => {
        const before = await upstreamCalls(method)
        expect(await result(url(), method, [...asked])).toEqual(answer)
        return (await upstreamCalls(method)) === before
      })
    }
  })
})

describe('--network solana over WebSocket', () => {
  it('delivers slot, account and signature notifications under the endpoint’s numeric ids', async () => {
    const socket = await openSocket(wsUrl())
    try {
      const sender = await fundedSigner(url())
      const recipient = (await generateKeyPairSigner()).address
      const slots = await socket.request('slotSubscribe')
      expect(slots.result).toEqual(expect.any(Number))
      expect(await socket.nextEvent(slots.result as number)).toMatchObject({
        slot: expect.any(Number),
      })
      expect(socket.methodOf(slots.result as number)).toBe('slotNotification')

      const account = await socket.request('accountSubscribe', [
        recipient,
        { commitment: 'confirmed', encoding: 'base64' },
      ])
      const { wire, signature } = await signedTransfer(url(), sender, recipient, 5_000_000n)
      const status = await socket.request('signatureSubscribe', [
        signature,
        { commitment: 'confirmed' },
      ])
      await result(url(), 'sendTransaction', [wire, { encoding: 'base64' }])
      expect(await socket.nextEvent(account.result as number)).toMatchObject({
        value: { lamports: 5_000_000 },
      })
      expect(await socket.nextEvent(status.result as number)).toMatchObject({
        value: { err: null },
      })
      expect(socket.methodOf(status.result as number)).toBe('signatureNotification')

      expect(await socket.request('slotUnsubscribe', [slots.result as number])).toMatchObject({
        result: true,
      })
      expect(await socket.request('slotUnsubscribe', [slots.result as number])).toMatchObject({
        error: { code: -32602 },
      })
      // An id is ended by its own kind's unsubscribe only.
      expect(await socket.request('slotUnsubscribe', [account.result as number])).toMatchObject({
        error: { code: -32602 },
      })
    } finally {
      await socket.close()
    }
  })

  it('serves @solana/kit’s own subscription client: slot notifications and logs of a transfer', async () => {
    const subscriptions = createSolanaRpcSubscriptions(wsUrl())
    const abort = new AbortController()
    try {
      const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
      for await (const notification of slots) {
        expect(notification.slot).toEqual(expect.any(BigInt))
        break
      }
      const sender = await fundedSigner(url())
      const logs = await subscriptions
        .logsNotifications({ mentions: [sender.address] }, { commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal })
      const { wire, signature } = await signedTransfer(
        url(),
        sender,
        (await generateKeyPairSigner()).address,
        1_000_000n,
      )
      await result(url(), 'sendTransaction', [wire, { encoding: 'base64' }])
      for await (const notification of logs) {
        expect(notification.value.signature).toBe(signature)
        expect(notification.value.err).toBeNull()
        break
      }
    } finally {
      abort.abort()
    }
  })

  it('refuses a subscription past the key’s per-socket cap with -32005', async () => {
    const socket = await openSocket(wsUrl('capped'))
    try {
      for (let index = 0; index < 2; index++) {
        expect((await socket.request('slotSubscribe')).result).toEqual(expect.any(Number))
      }
      expect(await socket.request('logsSubscribe', ['all'])).toMatchObject({
        error: { code: -32005 },
      })
    } finally {
      await socket.close()
    }
  })

  it('ends a closed socket’s subscriptions upstream', async () => {
    const socket = await openSocket(wsUrl())
    await socket.request('slotSubscribe')
    await socket.request('logsSubscribe', ['all'])
    const live = async () =>
      ((await (await fetch(`${endpoint.origin}/healthz`)).json()) as { subscriptions: number })
        .subscriptions
    expect(await live()).toBeGreaterThanOrEqual(2)
    await socket.close()
    await eventually(async () => (await live()) === 0)
  })

  it('checks subscription params before the node sees them', async () => {
    const socket = await openSocket(wsUrl())
    try {
      expect(await socket.request('accountSubscribe', ['nope'])).toMatchObject({
        error: { code: -32602 },
      })
      expect(await socket.request('logsSubscribe', ['everything'])).toMatchObject({
        error: { code: -32602 },
      })
    } finally {
      await socket.close()
    }
  })
})

describe('--network solana bounds on getProgramAccounts', () => {
  let small: RunningEndpoint
  let silent: Server
  let stalled: RunningEndpoint

  beforeAll(async () => {
    const surfpool = endpoint.surfpool
    if (!surfpool) throw new Error('no embedded Surfpool')
    small = await startEndpoint({
      network: 'solana',
      port: 0,
      logLevel: 'silent',
      upstream: surfpool.rpcUrl,
      upstreamWs: surfpool.wsUrl,
      limits: { maxAnswerBytes: 128 },
    })
    // A node that takes connections and never answers.
    silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    stalled = await startEndpoint({
      network: 'solana',
      port: 0,
      logLevel: 'silent',
      upstream: `http://127.0.0.1:${port}`,
      queryTimeoutMs: 300,
      cacheMaxBytes: 0,
    })
  })

  afterAll(async () => {
    await small?.close()
    await stalled?.close()
    silent?.close()
  })

  it('refuses an answer over the byte bound with -32005 and a hint to narrow it', async () => {
    expect(await call(small.httpUrl, 'getProgramAccounts', [systemProgram])).toMatchObject({
      error: {
        code: -32005,
        message: 'query answer larger than 128 bytes',
        data: { limit: 128, hint: expect.stringContaining('dataSlice') },
      },
    })
    expect(await result(small.httpUrl, 'getSlot')).toEqual(expect.any(Number))
  })

  it('refuses an answer over the query timeout with -32005 query timeout exceeded and a hint to narrow it', async () => {
    expect(await call(stalled.httpUrl, 'getProgramAccounts', [systemProgram])).toMatchObject({
      error: {
        code: -32005,
        message: 'query timeout exceeded',
        data: { limitMs: 300, hint: expect.stringContaining('dataSlice') },
      },
    })
  })
})

describe('--network solana with an upstream that goes away and comes back', () => {
  let relay: Server
  let behind: RunningEndpoint
  let up = true
  const open = new Set<Socket>()

  beforeAll(async () => {
    const surfpool = endpoint.surfpool
    if (!surfpool) throw new Error('no embedded Surfpool')
    const node = new URL(surfpool.rpcUrl)
    // The node's HTTP port behind a relay the test can cut: while down it drops every connection.
    relay = createServer((client) => {
      if (!up) return void client.destroy()
      const upstream = connect(Number(node.port), node.hostname)
      for (const socket of [client, upstream]) {
        open.add(socket)
        socket.on('error', () => undefined)
        socket.on('close', () => {
          open.delete(socket)
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const { port } = relay.address() as { port: number }
    behind = await startEndpoint({
      network: 'solana',
      port: 0,
      logLevel: 'silent',
      upstream: `http://127.0.0.1:${port}`,
      upstreamWs: surfpool.wsUrl,
      cacheMaxBytes: 0,
    })
  })

  afterAll(async () => {
    await behind?.close()
    for (const socket of open) socket.destroy()
    relay?.close()
  })

  it('serves, fails with -32603 while the upstream is down, and serves again when it is back', async () => {
    expect(await result(behind.httpUrl, 'getSlot')).toEqual(expect.any(Number))

    up = false
    for (const socket of open) socket.destroy()
    for (const method of ['getSlot', 'getBalance']) {
      const envelope = await call(
        behind.httpUrl,
        method,
        method === 'getBalance' ? [systemProgram] : [],
      )
      expect(envelope.error).toMatchObject({ code: -32603, message: 'Internal error' })
      expect((envelope.error?.data as { cause?: string } | undefined)?.cause).toContain(
        'unreachable',
      )
    }

    up = true
    expect(await result(behind.httpUrl, 'getSlot')).toEqual(expect.any(Number))
    expect(await result(behind.httpUrl, 'getBalance', [systemProgram])).toMatchObject({
      value: expect.any(Number),
    })
  })
})
