/**
 * Issue 12 end to end: separate endpoint processes (the CLI) sharing filters through a real
 * `redis-server`, directly and behind a real HAProxy, in front of one anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningAnvil, startAnvil } from './index.ts'
import {
  type RunningHaproxy,
  type SpawnedEndpoint,
  spawnEndpoint,
  startHaproxy,
} from './spawnEndpoint.ts'
import { type RunningRedis, startRedisServer } from './state/startRedisServer.ts'
import { call, deployEmitter, emitLogs, type RpcEnvelope, result } from './testSupport.ts'

type Log = { blockNumber: string; logIndex: string; data: string; removed: boolean }

let redis: RunningRedis
let anvil: RunningAnvil
let a: SpawnedEndpoint
let b: SpawnedEndpoint
let balancer: RunningHaproxy
let emitter: string

beforeAll(async () => {
  ;[redis, anvil] = await Promise.all([startRedisServer(), startAnvil()])
  const args = ['--upstream', anvil.rpcUrl, '--redis', redis.url, '--log-level', 'silent']
  args.push('--api-key', 'dev', '--api-key', 'other')
  ;[a, b] = await Promise.all([spawnEndpoint(args), spawnEndpoint(args)])
  balancer = await startHaproxy([a.ready.origin, b.ready.origin])
  emitter = await deployEmitter(anvil.rpcUrl)
})

afterAll(async () => {
  await balancer?.close()
  await Promise.all([a?.close(), b?.close()])
  await anvil?.stop()
  await redis?.close()
})

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

describe('workers (--workers 2) behind one port', () => {
  it('lose nothing when a worker is killed while polls are under way', async () => {
    const cluster = await spawnEndpoint([
      '--upstream',
      anvil.rpcUrl,
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
      const first = BigInt((await result(anvil.rpcUrl, 'eth_blockNumber')) as string) + 1n
      const seen: string[] = []
      let emitting = true
      /** Polls until emission ends; a poll cut off by the kill is simply sent again. */
      const poller = async () => {
        while (emitting) {
          const answer = await call(url, 'eth_getFilterChanges', [id]).catch(() => undefined)
          if (answer?.result) seen.push(...(answer.result as Log[]).map(idOf))
        }
      }
      const pollers = [poller(), poller(), poller(), poller()]
      for (let block = 0; block < 6; block++) {
        await emitLogs(anvil.rpcUrl, emitter, 2)
        if (block === 2) process.kill(cluster.ready.workers?.[0] as number, 'SIGKILL')
      }
      emitting = false
      await Promise.all(pollers)
      await expect
        .poll(
          async () => {
            const answer = await call(url, 'eth_getFilterChanges', [id]).catch(() => undefined)
            if (answer?.result) seen.push(...(answer.result as Log[]).map(idOf))
            return [...seen].sort()
          },
          { interval: 100, timeout: 10_000 },
        )
        .toEqual((await allLogs(first)).sort())
      expect(new Set(seen).size).toBe(seen.length)
    } finally {
      await cluster.close()
    }
  })

  it('refuses more than one worker without --redis, saying why', async () => {
    await expect(spawnEndpoint(['--upstream', anvil.rpcUrl, '--workers', '2'])).rejects.toThrow(
      /--workers 2 needs --redis/,
    )
  })
})
