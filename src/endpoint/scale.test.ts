/**
 * Issue 12 end to end: separate endpoint processes (the CLI) sharing filters through a real
 * `redis-server`, directly and behind a real HAProxy, in front of one anvil.
 */

import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAnvil, startAnvil } from './index.ts'
import {
  type RunningHaproxy,
  type SpawnedEndpoint,
  spawnEndpoint,
  startHaproxy,
} from './spawnEndpoint.ts'
import { connectRedis } from './state/connectRedis.ts'
import { type RunningRedis, startRedisServer } from './state/startRedisServer.ts'
import {
  call,
  deployEmitter,
  deployPayloadEmitter,
  emitLogs,
  emitPayloadLogs,
  post,
  type RpcEnvelope,
  result,
} from './testSupport.ts'

type Log = { blockNumber: string; logIndex: string; data: string; removed: boolean }

let redis: RunningRedis
let anvil: RunningAnvil
let a: SpawnedEndpoint
let b: SpawnedEndpoint
let balancer: RunningHaproxy
let emitter: string
let keysDirectory: string

beforeAll(async () => {
  ;[redis, anvil] = await Promise.all([startRedisServer(), startAnvil()])
  keysDirectory = await mkdtemp(join(tmpdir(), 'aperture-keys-'))
  const keysFile = join(keysDirectory, 'keys.json')
  await writeFile(
    keysFile,
    JSON.stringify({
      keys: {
        shared: { requestsPerDay: 4 },
        slow: { requestsPerSecond: 0.05 },
        limited: { requestsPerDay: 1_000_000 },
      },
    }),
  )
  const args = ['--upstream', anvil.rpcUrl, '--redis', redis.url, '--log-level', 'silent']
  args.push('--api-key', 'dev', '--api-key', 'other', '--keys', keysFile)
  ;[a, b] = await Promise.all([spawnEndpoint(args), spawnEndpoint(args)])
  balancer = await startHaproxy([a.ready.origin, b.ready.origin])
  emitter = await deployEmitter(anvil.rpcUrl)
})

afterAll(async () => {
  await balancer?.close()
  await Promise.all([a?.close(), b?.close()])
  await anvil?.stop()
  await redis?.close()
  if (keysDirectory) await rm(keysDirectory, { recursive: true, force: true })
})

/**
 * One poll on a connection of its own (so the cluster hands polls to its workers in turn), giving
 * up after 5 s; undefined when it was cut off.
 */
function pollOnce(url: string, id: string): Promise<Log[] | undefined> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_getFilterChanges',
    params: [id],
  })
  return new Promise((resolve) => {
    const poll = request(url, {
      method: 'POST',
      agent: false,
      timeout: 5000,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    poll.once('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('end', () => {
        const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcEnvelope
        resolve(envelope.result as Log[] | undefined)
      })
      response.once('error', () => resolve(undefined))
    })
    // Cut off (the worker died, or no answer in 5 s): undefined, and the caller polls again.
    poll.once('timeout', () => poll.destroy())
    poll.once('error', () => resolve(undefined))
    poll.end(body)
  })
}

/**
 * One HTTP exchange on a connection of its own: a POST of `body`, or a GET without one. Undefined
 * when no answer came within `cutOffMs` (the connection was handed to a stopped worker).
 */
function exchange(
  url: string,
  body: string | undefined,
  cutOffMs: number,
): Promise<{ status: number; text: string } | undefined> {
  return new Promise((resolve) => {
    const sending = request(url, {
      method: body === undefined ? 'GET' : 'POST',
      agent: false,
      timeout: cutOffMs,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    })
    sending.once('response', (response) => {
      response.setEncoding('utf8')
      let text = ''
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }))
      response.once('error', () => resolve(undefined))
    })
    sending.once('timeout', () => sending.destroy())
    sending.once('error', () => resolve(undefined))
    sending.end(body)
  })
}

/** The value of the Prometheus sample `name` (the first whose labels include `label`), or NaN. */
const sample = (text: string, name: string, label = ''): number => {
  const row = text
    .split('\n')
    .find((line) => line.split(/[{ ]/)[0] === name && line.includes(label))
  return Number(row?.split(' ').pop())
}

type HoldingProxy = {
  url: string
  /** From now on, requests whose body names `method` wait until `release()`. */
  hold(method: string): void
  /** The next request held (already held or yet to come). */
  nextHeld(): Promise<{ closed: Promise<void> }>
  /** Forwards the held requests and stops holding. */
  release(): void
  close(): Promise<void>
}

/** An HTTP proxy in front of anvil that can stop requests half-way, to kill a worker mid-poll. */
async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  let holding: string | undefined
  let held: Array<{ forward: () => void; closed: Promise<void> }> = []
  const waiters: Array<(request: { closed: Promise<void> }) => void> = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const forward = () => {
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (answer) => response.end(Buffer.from(await answer.arrayBuffer())))
          .catch(() => response.destroy())
      }
      if (holding === undefined || !body.includes(`"${holding}"`)) return forward()
      const closed = new Promise<void>((resolve) => response.once('close', () => resolve()))
      const entry = { forward, closed }
      held.push(entry)
      waiters.shift()?.(entry)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let taken = 0
  return {
    url: `http://127.0.0.1:${port}`,
    hold: (method) => {
      holding = method
    },
    nextHeld: () => {
      const ready = held[taken]
      taken++
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiters.push(resolve))
    },
    release: () => {
      holding = undefined
      for (const entry of held) entry.forward()
      held = []
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A log's identity: its block and its index there. */
const idOf = (log: Log) => `${BigInt(log.blockNumber)}:${BigInt(log.logIndex)}`

const allLogs = async (fromBlock: bigint): Promise<string[]> =>
  (
    (await result(anvil.rpcUrl, 'eth_getLogs', [
      { address: emitter, fromBlock: `0x${fromBlock.toString(16)}` },
    ])) as Log[]
  ).map(idOf)

const viaBalancer = () => `${balancer.origin}/v3/dev`

describe('a filter shared by endpoint processes through Redis', () => {
  it('polled alternately on A, on B and through HAProxy, returns every log exactly once, in order', async () => {
    const id = (await result(a.ready.http, 'eth_newFilter', [{ address: emitter }])) as string
    const first = BigInt((await result(anvil.rpcUrl, 'eth_blockNumber')) as string) + 1n
    const seen: string[] = []
    const urls = [a.ready.http, b.ready.http, viaBalancer(), viaBalancer()]
    for (let round = 0; round < 8; round++) {
      await emitLogs(anvil.rpcUrl, emitter, 1 + (round % 3))
      const changes = (await result(urls[round % urls.length] as string, 'eth_getFilterChanges', [
        id,
      ])) as Log[]
      seen.push(...changes.map(idOf))
    }
    expect(seen).toEqual(await allLogs(first))
  })

  it('answers 1,000 concurrent polls across two processes with no log twice and none missing', async () => {
    const id = (await result(b.ready.http, 'eth_newFilter', [{ address: emitter }])) as string
    const first = BigInt((await result(anvil.rpcUrl, 'eth_blockNumber')) as string) + 1n
    const answers: Promise<RpcEnvelope>[] = []
    const emitting = (async () => {
      for (let block = 0; block < 5; block++) await emitLogs(anvil.rpcUrl, emitter, 2)
    })()
    for (let poll = 0; poll < 1000; poll++) {
      answers.push(call(poll % 2 ? a.ready.http : b.ready.http, 'eth_getFilterChanges', [id]))
    }
    await emitting
    const envelopes = await Promise.all(answers)
    for (const envelope of envelopes) expect(envelope.error).toBeUndefined()
    const seen = envelopes.flatMap((envelope) => (envelope.result as Log[]).map(idOf))
    seen.push(...((await result(a.ready.http, 'eth_getFilterChanges', [id])) as Log[]).map(idOf))
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual((await allLogs(first)).sort())
  })

  it('is owned by its key on every process', async () => {
    const id = await result(a.ready.http, 'eth_newBlockFilter')
    const other = `${b.ready.origin}/v3/other`
    expect((await call(other, 'eth_getFilterChanges', [id])).error?.code).toBe(-32000)
    expect((await call(b.ready.http, 'eth_getFilterChanges', [id])).error).toBeUndefined()
  })
})

describe('a keys file on processes sharing Redis', () => {
  const chainId = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'
  const on = (endpoint: SpawnedEndpoint | RunningHaproxy, key: string) =>
    `${'ready' in endpoint ? endpoint.ready.origin : endpoint.origin}/v3/${key}`

  it('counts a key’s daily requests once, whichever process answers', async () => {
    for (const endpoint of [a, b, balancer, a]) {
      expect((await post(on(endpoint, 'shared'), chainId)).status).toBe(200)
    }
    expect((await post(on(b, 'shared'), chainId)).status).toBe(402)
    expect((await post(on(a, 'shared'), chainId)).status).toBe(402)
  })

  it('answers 429 past the requests per second on every process', async () => {
    expect((await post(on(a, 'slow'), chainId)).status).toBe(200)
    expect((await post(on(b, 'slow'), chainId)).status).toBe(429)
    expect((await post(on(a, 'slow'), chainId)).status).toBe(429)
  })
})

describe('Redis down, then back', () => {
  it('answers the filter calls -32603 while other methods are served, and has the filters back after', async () => {
    const id = await result(a.ready.http, 'eth_newBlockFilter')
    await redis.stop()
    try {
      const poll = await call(a.ready.http, 'eth_getFilterChanges', [id])
      expect(poll.error).toMatchObject({ code: -32603, message: 'Internal error' })
      expect(JSON.stringify(poll.error?.data)).toContain('state store unavailable')
      expect((await call(b.ready.http, 'eth_newBlockFilter')).error?.code).toBe(-32603)
      expect(await result(a.ready.http, 'eth_chainId')).toBe('0x7a69')
      // A key with limits needs its counters: -32603 until Redis is back.
      expect((await call(`${a.ready.origin}/v3/limited`, 'eth_chainId')).error?.code).toBe(-32603)
      expect(await result(viaBalancer(), 'eth_blockNumber')).toMatch(/^0x/)
    } finally {
      await redis.restart()
    }
    await result(anvil.rpcUrl, 'evm_mine')
    await expect
      .poll(async () => (await call(b.ready.http, 'eth_getFilterChanges', [id])).result, {
        interval: 100,
        timeout: 10_000,
      })
      .toHaveLength(1)
  })
})

// Each test starts two worker processes, Redis and anvil: 90 s guards a hang, not the speed (CI's
// unit run at load 19 took 30.1 s for the /metrics sum).
describe('workers (--workers 2) behind one port', () => {
  it('lose nothing when a worker is killed in the middle of a poll', async () => {
    const upstream = await startHoldingProxy(anvil.rpcUrl)
    const cluster = await spawnEndpoint([
      '--upstream',
      upstream.url,
      '--upstream-ws',
      anvil.wsUrl,
      '--redis',
      redis.url,
      '--workers',
      '2',
      '--log-level',
      'silent',
    ])
    try {
      const url = cluster.ready.http
      const id = (await result(url, 'eth_newFilter', [{ address: emitter }])) as string
      const block = await emitLogs(anvil.rpcUrl, emitter, 2)

      // The poll stops in the middle, at its eth_getLogs upstream; its worker is then killed.
      upstream.hold('eth_getLogs')
      const cutOff = pollOnce(url, id)
      const held = await upstream.nextHeld()
      for (const pid of cluster.ready.workers ?? []) {
        process.kill(pid, 'SIGKILL')
        // The worker holding the poll is the one whose upstream connection closes when it dies.
        const closed = await Promise.race([
          held.closed.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000)),
        ])
        if (closed) break
      }
      expect(await cutOff).toBeUndefined()
      upstream.release()

      // The next poll, on the other worker (or the one that replaced the dead), returns the logs.
      await expect
        .poll(() => pollOnce(url, id), { interval: 100, timeout: 20_000 })
        .toEqual(
          await result(anvil.rpcUrl, 'eth_getLogs', [
            {
              address: emitter,
              fromBlock: `0x${block.toString(16)}`,
              toBlock: `0x${block.toString(16)}`,
            },
          ]),
        )
      expect(await pollOnce(url, id)).toEqual([])
    } finally {
      await cluster.close()
      await upstream.close()
    }
  }, 90_000)

  it('lose nothing when a worker is killed after its poll claimed the changes, the answer unsent', async () => {
    const cluster = await spawnEndpoint([
      ...['--upstream', anvil.rpcUrl, '--redis', redis.url, '--workers', '2'],
      ...['--log-level', 'silent'],
    ])
    const watcher = await connectRedis(redis.url)
    try {
      const url = cluster.ready.http
      const payloadEmitter = await deployPayloadEmitter(anvil.rpcUrl)
      const id = (await result(url, 'eth_newFilter', [{ address: payloadEmitter }])) as string
      // ~13 MB of logs: far more than the loopback socket buffers hold.
      const from = await emitPayloadLogs(anvil.rpcUrl, payloadEmitter, 200, 16_384)
      const to = await emitPayloadLogs(anvil.rpcUrl, payloadEmitter, 200, 16_384)

      // A client that reads nothing: its poll claims the changes and cannot finish writing them.
      const stalled = connect(Number(new URL(url).port), '127.0.0.1')
      stalled.pause()
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getFilterChanges',
        params: [id],
      })
      stalled.write(
        `POST /v3/dev HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `content-length: ${body.length}\r\n\r\n${body}`,
      )
      // The claim names its holder: `<pid>-<random>:<n>`.
      let claim: string | null = null
      await expect
        .poll(
          async () => {
            claim = await watcher.redis.get(`aperture:claim:dev:${id}`)
            return claim
          },
          { interval: 50, timeout: 15_000 },
        )
        .toMatch(/^\d+-[0-9a-f]+:\d+$/)
      const holder = Number((claim as unknown as string).split('-')[0])
      expect(cluster.ready.workers).toContain(holder)
      process.kill(holder, 'SIGKILL')
      // The client's connection dies with its worker, with less than the whole answer on it.
      let received = 0
      stalled.on('data', (chunk: Buffer) => {
        received += chunk.length
      })
      // Reset by the dying worker: that is the point, its 'close' follows.
      stalled.on('error', () => undefined)
      stalled.resume()
      await once(stalled, 'close')
      const logs = (await result(anvil.rpcUrl, 'eth_getLogs', [
        {
          address: payloadEmitter,
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
        },
      ])) as Log[]
      expect(received).toBeLessThan(JSON.stringify(logs).length)

      // The next poll, on the other worker (or the one that replaced the dead), waits for the dead
      // holder's heartbeat to expire, then returns every log, once.
      const expected = logs.map(idOf)
      expect(expected).toHaveLength(400)
      await expect
        .poll(async () => (await pollOnce(url, id))?.map(idOf), { interval: 100, timeout: 30_000 })
        .toEqual(expected)
      expect(await pollOnce(url, id)).toEqual([])
    } finally {
      await watcher.close()
      await cluster.close()
    }
  }, 90_000)

  it('answer GET /metrics on any worker with the sum over every worker', async () => {
    const cluster = await spawnEndpoint([
      ...['--upstream', anvil.rpcUrl, '--redis', redis.url, '--workers', '2'],
      ...['--log-level', 'silent'],
    ])
    try {
      // A connection each, so the primary hands them to its workers in turn.
      const calls = 20
      for (let sent = 0; sent < calls; sent++) {
        const answer = await new Promise<string>((resolve, reject) => {
          const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
          const sending = request(cluster.ready.http, {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          })
          sending.once('response', (response) => {
            response.setEncoding('utf8')
            let text = ''
            response.on('data', (chunk: string) => {
              text += chunk
            })
            response.on('end', () => resolve(text))
          })
          sending.once('error', reject)
          sending.end(body)
        })
        expect(JSON.parse(answer)).toMatchObject({ result: '0x7a69' })
      }
      const counted = async () => {
        const response = await fetch(`${cluster.ready.origin}/metrics`, {
          headers: { connection: 'close' },
        })
        const text = await response.text()
        const lines = text
          .split('\n')
          .filter(
            (row) =>
              row.startsWith('aperture_requests_total{') && row.includes('method="eth_chainId"'),
          )
        // One label set: every worker labels the key alike (one label secret for them all).
        expect(lines).toHaveLength(1)
        return Number(lines[0]?.split(' ').pop())
      }
      // Each read lands on one worker or the other; every one sees all the calls.
      for (let read = 0; read < 4; read++) expect(await counted()).toBe(calls)
    } finally {
      await cluster.close()
    }
  }, 90_000)

  it('answer GET /metrics with the workers that answered, and how many did not, when one hangs', async () => {
    const cluster = await spawnEndpoint([
      ...['--upstream', anvil.rpcUrl, '--redis', redis.url, '--workers', '2'],
      ...['--log-level', 'silent'],
    ])
    const metricsUrl = `${cluster.ready.origin}/metrics`
    const scrape = async () => {
      // A stuck connection (handed to the stopped worker) is cut off; the next one is not.
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await exchange(metricsUrl, undefined, 15_000)
        if (answer) {
          return {
            status: answer.status,
            workers: sample(answer.text, 'aperture_metrics_workers'),
            missing: sample(answer.text, 'aperture_metrics_workers_missing'),
            chainIdCalls: sample(answer.text, 'aperture_requests_total', 'method="eth_chainId"'),
          }
        }
      }
      return undefined
    }
    try {
      expect(cluster.ready.workers).toHaveLength(2)
      const [hung] = cluster.ready.workers as [number, number]
      process.kill(hung, 'SIGSTOP')
      try {
        // A connection each. The first the primary hands to the stopped worker stays there,
        // unanswered (cut off after 5 s); from then on it hands every one to the running worker.
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
        let answered = 0
        for (let sent = 0; answered < 3 && sent < 6; sent++) {
          const answer = await exchange(cluster.ready.http, body, 5000)
          if (answer === undefined) continue
          expect(JSON.parse(answer.text)).toMatchObject({ result: '0x7a69' })
          answered++
        }
        expect(answered).toBe(3)

        // 200 with the running worker's counts, and the hung one reported missing.
        const partial = await scrape()
        expect(partial).toMatchObject({ status: 200, workers: 2, missing: 1 })
        expect(partial?.chainIdCalls).toBeGreaterThanOrEqual(3)
      } finally {
        process.kill(hung, 'SIGCONT')
      }
      // Awake again, it answers the next scrapes (its late answers to the earlier one are dropped).
      await expect
        .poll(
          async () => {
            const whole = await scrape()
            return whole && { status: whole.status, workers: whole.workers, missing: whole.missing }
          },
          { interval: 100, timeout: 20_000 },
        )
        .toEqual({ status: 200, workers: 2, missing: 0 })
    } finally {
      await cluster.close()
    }
  }, 90_000)

  it('refuses more than one worker without --redis, saying why', async () => {
    await expect(spawnEndpoint(['--upstream', anvil.rpcUrl, '--workers', '2'])).rejects.toThrow(
      /--workers 2 needs --redis/,
    )
  })
})
