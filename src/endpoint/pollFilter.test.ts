/**
 * Claim, answer, commit between endpoint processes, each played here by its own poller and Redis
 * filter store (its own holder) over one real `redis-server`, in front of a real anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUpstreamClient, type UpstreamClient } from './createUpstreamClient.ts'
import { type RunningAnvil, startAnvil } from './index.ts'
import { createPollFilter, remember } from './pollFilter.ts'
import { readHeadBlock } from './readHeadBlock.ts'
import { connectRedis, type RedisConnection } from './state/connectRedis.ts'
import { createRedisFilterStore } from './state/createRedisFilterStore.ts'
import { type DeliveredBlock, type FilterStore, StateStoreError } from './state/filterStore.ts'
import { type RunningRedis, startRedisServer } from './state/startRedisServer.ts'
import { deployEmitter, emitLogs, hex } from './testSupport.ts'
import type { RpcAnswer } from './types.ts'

type Log = { blockNumber: string; logIndex: string }

let anvil: RunningAnvil
let redis: RunningRedis
let connection: RedisConnection
let upstream: UpstreamClient
let emitter: string
let prefixes = 0

beforeAll(async () => {
  ;[anvil, redis] = await Promise.all([startAnvil(), startRedisServer()])
  connection = await connectRedis(redis.url)
  upstream = createUpstreamClient(anvil.rpcUrl)
  emitter = await deployEmitter(anvil.rpcUrl)
})

afterAll(async () => {
  upstream?.close()
  await connection?.close()
  await redis?.close()
  await anvil?.stop()
})

type Process = {
  filters: FilterStore
  poll(id: string): Promise<RpcAnswer>
  /** Commits or releases that failed, as reported. */
  settleFailures: unknown[]
}

/** One endpoint process: a filter store of its own (one holder) and a poller, on `prefix`. */
function startProcess(
  prefix: string,
  options: { on?: RedisConnection; timeoutMs?: number; claimTtlMs?: number } = {},
): Process {
  const filters = createRedisFilterStore({
    connection: options.on ?? connection,
    ttlMs: 60_000,
    prefix,
    holderTtlMs: 300,
    ...(options.claimTtlMs === undefined ? {} : { claimTtlMs: options.claimTtlMs }),
  })
  const settleFailures: unknown[] = []
  const poll = createPollFilter({
    upstream,
    filters,
    limits: { maxResults: 10_000, timeoutMs: options.timeoutMs ?? 10_000 },
    onSettleFailure: (error) => settleFailures.push(error),
  })
  return { filters, poll: (id) => poll('dev', id), settleFailures }
}

/** A log filter on the emitter, from the next block on. */
async function newFilter(filters: FilterStore): Promise<string> {
  const head = await readHeadBlock(upstream, 10_000)
  const id = await filters.add(
    'dev',
    {
      kind: 'logs',
      criteria: { address: emitter as `0x${string}` },
      since: hex(BigInt(head.number) + 1n) as `0x${string}`,
      cursor: head,
      recent: [],
      delivered: false,
    },
    1_000,
  )
  if (id === undefined) throw new Error('the filter was refused')
  return id
}

const logsOf = (answer: RpcAnswer): string[] => {
  if (!('result' in answer)) throw new Error(`not a result: ${JSON.stringify(answer)}`)
  return (answer.result as Log[]).map((log) => `${log.blockNumber}:${log.logIndex}`)
}

describe('polls of one filter on two processes', () => {
  it('wait for the other process’s claim and then answer from its committed cursor', async () => {
    const prefix = `poll-test-${prefixes++}:`
    const a = startProcess(prefix)
    const b = startProcess(prefix)
    try {
      const id = await newFilter(a.filters)
      const block = await emitLogs(anvil.rpcUrl, emitter, 2)
      const first = await a.poll(id)
      expect(logsOf(first)).toEqual([`${hex(block)}:0x0`, `${hex(block)}:0x1`])
      const waiting = b.poll(id)
      first.afterWrite?.(true)
      expect(logsOf(await waiting)).toEqual([])
    } finally {
      await Promise.all([a.filters.close(), b.filters.close()])
    }
  })

  it('answer "filter busy; poll again" when the other process’s live claim outlasts the query timeout + 2 s', async () => {
    const prefix = `poll-test-${prefixes++}:`
    const a = startProcess(prefix)
    const b = startProcess(prefix, { timeoutMs: 100 })
    try {
      const id = await newFilter(a.filters)
      await emitLogs(anvil.rpcUrl, emitter, 1)
      const held = await a.poll(id)
      await expect(b.poll(id)).rejects.toMatchObject({
        code: -32603,
        data: { cause: 'filter busy; poll again' },
      })
      held.afterWrite?.(false)
      const released = await b.poll(id)
      released.afterWrite?.(true)
      expect(logsOf(released)).toEqual(logsOf(held))
    } finally {
      await Promise.all([a.filters.close(), b.filters.close()])
    }
  })

  it('take over the claim of a process that is gone, and refuse its late commit', async () => {
    const prefix = `poll-test-${prefixes++}:`
    const a = startProcess(prefix)
    const b = startProcess(prefix)
    try {
      const id = await newFilter(a.filters)
      const block = await emitLogs(anvil.rpcUrl, emitter, 3)
      const lost = await a.poll(id)
      await a.filters.close()
      const again = await b.poll(id)
      expect(logsOf(again)).toEqual(logsOf(lost))
      again.afterWrite?.(true)
      lost.afterWrite?.(true)
      await expect.poll(async () => logsOf(await b.poll(id))).toEqual([])
      expect(logsOf(lost)).toHaveLength(3)
      expect(logsOf(lost)[0]).toBe(`${hex(block)}:0x0`)
      expect(a.settleFailures).toEqual([])
    } finally {
      await Promise.all([a.filters.close(), b.filters.close()])
    }
  })
})

describe('a commit that fails after the answer went out (Redis down)', () => {
  it('is reported, never thrown, and the next poll returns those changes again', async () => {
    const own = await startRedisServer()
    const ownConnection = await connectRedis(own.url)
    const prefix = `poll-test-${prefixes++}:`
    const a = startProcess(prefix, { on: ownConnection, claimTtlMs: 300 })
    try {
      const id = await newFilter(a.filters)
      await emitLogs(anvil.rpcUrl, emitter, 2)
      const answered = await a.poll(id)
      await own.stop()
      expect(() => answered.afterWrite?.(true)).not.toThrow()
      await expect.poll(() => a.settleFailures).toHaveLength(1)
      expect(a.settleFailures[0]).toBeInstanceOf(StateStoreError)
      await own.restart()
      // Back, its claim expired: the next poll answers the same changes again (at least once).
      let again: RpcAnswer = { result: [] }
      await expect
        .poll(
          async () => {
            again = await a.poll(id)
            return logsOf(again).length
          },
          { interval: 100, timeout: 10_000 },
        )
        .toBe(2)
      again.afterWrite?.(true)
      expect(logsOf(again)).toEqual(logsOf(answered))
      await expect.poll(async () => logsOf(await a.poll(id))).toEqual([])
    } finally {
      await a.filters.close()
      await ownConnection.close()
      await own.close()
    }
  })
})

describe('what a filter remembers to undo a reorg', () => {
  const block = (number: number, logs: number, dataBytes: number): DeliveredBlock => ({
    number: `0x${number.toString(16)}`,
    hash: `0x${number.toString(16).padStart(64, '0')}`,
    logs: Array.from({ length: logs }, (_, index) => ({
      blockNumber: `0x${number.toString(16)}`,
      logIndex: `0x${index.toString(16)}`,
      data: `0x${'ab'.repeat(dataBytes)}`,
    })),
  })

  it('keeps only the blocks above the finalized head', () => {
    const kept = remember([block(5, 1, 10), block(6, 1, 10), block(7, 1, 10)], 5n)
    expect(kept.map(({ number }) => number)).toEqual(['0x6', '0x7'])
  })

  it('keeps the newest whole blocks within 1 MiB of logs, however few they are', () => {
    // Three blocks of two 200 KB logs each (~800 KB of JSON text a block): only the newest fits.
    const blocks = [block(10, 2, 200_000), block(11, 2, 200_000), block(12, 2, 200_000)]
    const kept = remember(blocks, 0n)
    expect(kept.map(({ number }) => number)).toEqual(['0xc'])
    const bytes = kept
      .flatMap(({ logs }) => logs)
      .reduce<number>((total, log) => total + JSON.stringify(log).length, 0)
    expect(bytes).toBeLessThanOrEqual(1024 * 1024)
  })

  it('keeps the newest whole blocks within 2,000 logs', () => {
    const blocks = [block(20, 1_500, 1), block(21, 1_000, 1), block(22, 900, 1)]
    expect(remember(blocks, 0n).map(({ number }) => number)).toEqual(['0x15', '0x16'])
  })
})
