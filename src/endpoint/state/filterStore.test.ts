import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedis, type RedisConnection } from './connectRedis.ts'
import { createMemoryFilterStore } from './createMemoryFilterStore.ts'
import { createRedisFilterStore } from './createRedisFilterStore.ts'
import { type FilterStore, StateStoreError, type StoredFilter } from './filterStore.ts'
import { type RunningRedis, startRedisServer } from './startRedisServer.ts'

const blockFilter = (number: number): StoredFilter => ({
  kind: 'blocks',
  since: '0x1',
  cursor: { number: `0x${number.toString(16)}`, hash: `0x${'ab'.repeat(32)}` },
  recent: [],
})

let redis: RunningRedis
let connection: RedisConnection
let prefixes = 0

beforeAll(async () => {
  redis = await startRedisServer()
  connection = await connectRedis(redis.url)
})

afterAll(async () => {
  await connection?.close()
  await redis?.close()
})

type Implementation = {
  name: string
  create(ttlMs: number): FilterStore
  /** Lets `ms` of the store's time pass. */
  elapse(ms: number): Promise<void>
}

let memoryNow = 1_000_000
const implementations: Implementation[] = [
  {
    name: 'in memory',
    create: (ttlMs) => createMemoryFilterStore({ ttlMs, now: () => memoryNow }),
    elapse: async (ms) => {
      memoryNow += ms
    },
  },
  {
    name: 'in Redis',
    create: (ttlMs) =>
      createRedisFilterStore({ connection, ttlMs, prefix: `store-test-${prefixes++}:` }),
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  },
]

/** Adds a filter under a cap it cannot reach; resolves with its id. */
async function added(store: FilterStore, apiKey: string, filter: StoredFilter): Promise<string> {
  const id = await store.add(apiKey, filter, 1_000)
  if (id === undefined) throw new Error('the filter was refused')
  return id
}

describe.each(implementations)('a filter store $name', ({ create, elapse }) => {
  it('gives each filter an unguessable id of 16 random bytes', async () => {
    const store = create(60_000)
    const ids = await Promise.all([1, 2, 3].map(() => added(store, 'dev', blockFilter(1))))
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(3)
  })

  it('returns a filter to its own key only', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(7))
    expect(await store.poll('dev', id)).toEqual({ version: 0, filter: blockFilter(7) })
    expect(await store.poll('other', id)).toBeUndefined()
    expect(await store.remove('other', id)).toBe(false)
    expect(await store.replace('other', id, 0, blockFilter(8))).toBe(false)
    expect(await store.poll('dev', id)).toEqual({ version: 0, filter: blockFilter(7) })
  })

  it('advances a cursor only from the version it was read at', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    expect(await store.replace('dev', id, 0, blockFilter(2))).toBe(true)
    expect(await store.replace('dev', id, 0, blockFilter(3))).toBe(false)
    expect(await store.poll('dev', id)).toEqual({ version: 1, filter: blockFilter(2) })
  })

  it('lets exactly one of many concurrent advances from one version win', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) => store.replace('dev', id, 0, blockFilter(index + 2))),
    )
    expect(outcomes.filter(Boolean)).toHaveLength(1)
  })

  it('removes a filter once', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    expect(await store.remove('dev', id)).toBe(true)
    expect(await store.remove('dev', id)).toBe(false)
    expect(await store.poll('dev', id)).toBeUndefined()
  })

  it('forgets a filter not polled within the TTL and keeps one that is', async () => {
    // Wide margins: Redis expires by its own clock, and a loaded machine can delay a poll by ~1 s.
    const store = create(1_500)
    const kept = await added(store, 'dev', blockFilter(1))
    const dropped = await added(store, 'dev', blockFilter(1))
    for (let poll = 0; poll < 6; poll++) {
      await elapse(300)
      expect(await store.poll('dev', kept)).toBeDefined()
    }
    expect(await store.poll('dev', dropped)).toBeUndefined()
    expect(await store.size()).toBe(1)
  })

  it("refuses a filter beyond the key's cap, atomically, and counts only live ones", async () => {
    const store = create(60_000)
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => store.add('dev', blockFilter(1), 5)),
    )
    expect(ids.filter((id) => id !== undefined)).toHaveLength(5)
    expect(await store.add('other', blockFilter(1), 5)).toMatch(/^0x[0-9a-f]{32}$/)
    const [first] = ids
    await store.remove('dev', first as string)
    expect(await store.add('dev', blockFilter(1), 5)).toMatch(/^0x[0-9a-f]{32}$/)
    expect(await store.add('dev', blockFilter(1), 5)).toBeUndefined()
  })

  it('counts live filters of every key', async () => {
    const store = create(60_000)
    await added(store, 'dev', blockFilter(1))
    await added(store, 'other', blockFilter(1))
    const removed = await added(store, 'other', blockFilter(1))
    await store.remove('other', removed)
    expect(await store.size()).toBe(2)
  })
})

describe('filters in Redis', () => {
  it('expire by Redis key expiry, pushed back by each poll', async () => {
    const prefix = `expiry-test-${prefixes++}:`
    const store = createRedisFilterStore({ connection, ttlMs: 60_000, prefix })
    const id = await added(store, 'dev', blockFilter(1))
    const key = `${prefix}filter:dev:${id}`
    await connection.redis.pexpire(key, 1_000)
    await store.poll('dev', id)
    expect(await connection.redis.pttl(key)).toBeGreaterThan(1_000)
  })

  it('never sends an id that is not a filter id to Redis as part of a key', async () => {
    const store = createRedisFilterStore({ connection, ttlMs: 60_000, prefix: 'odd:' })
    expect(await store.poll('dev', '*')).toBeUndefined()
    expect(await store.remove('dev', '0x1234')).toBe(false)
  })

  it('answers with a StateStoreError while Redis is down, and has the filters when it is back', async () => {
    const own = await startRedisServer()
    const ownConnection = await connectRedis(own.url)
    try {
      const store = createRedisFilterStore({ connection: ownConnection, ttlMs: 60_000 })
      const id = await added(store, 'dev', blockFilter(5))
      await own.stop()
      await expect(store.poll('dev', id)).rejects.toBeInstanceOf(StateStoreError)
      await expect(added(store, 'dev', blockFilter(1))).rejects.toBeInstanceOf(StateStoreError)
      await own.restart()
      await expect
        .poll(() => store.poll('dev', id).catch(() => undefined), { interval: 50, timeout: 10_000 })
        .toEqual({ version: 0, filter: blockFilter(5) })
    } finally {
      await ownConnection.close()
      await own.close()
    }
  })
})
