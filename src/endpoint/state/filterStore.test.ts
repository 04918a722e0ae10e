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
  create(ttlMs: number, claimTtlMs?: number): FilterStore
  /** Lets `ms` of the store's time pass. */
  elapse(ms: number): Promise<void>
}

let memoryNow = 1_000_000
const implementations: Implementation[] = [
  {
    name: 'in memory',
    create: (ttlMs, claimTtlMs) =>
      createMemoryFilterStore({
        ttlMs,
        now: () => memoryNow,
        ...(claimTtlMs === undefined ? {} : { claimTtlMs }),
      }),
    elapse: async (ms) => {
      memoryNow += ms
    },
  },
  {
    name: 'in Redis',
    create: (ttlMs, claimTtlMs) =>
      createRedisFilterStore({
        connection,
        ttlMs,
        prefix: `store-test-${prefixes++}:`,
        ...(claimTtlMs === undefined ? {} : { claimTtlMs }),
      }),
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
    expect(await store.claim('other', id, 0)).toBeUndefined()
    expect(await store.poll('dev', id)).toEqual({ version: 0, filter: blockFilter(7) })
  })

  it('moves a cursor only by committing a claim made at the version it was read at', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const claim = await store.claim('dev', id, 0)
    expect(claim).toBeDefined()
    expect(await store.poll('dev', id)).toEqual({
      version: 0,
      filter: blockFilter(1),
      claim: { value: claim, holderAlive: true },
    })
    expect(await store.commit('dev', id, claim as string, blockFilter(2))).toBe(true)
    expect(await store.poll('dev', id)).toEqual({ version: 1, filter: blockFilter(2) })
    expect(await store.claim('dev', id, 0)).toBeUndefined()
    expect(await store.claim('dev', id, 1)).toBeDefined()
  })

  it('lets exactly one of many concurrent claims of one version win', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const claims = await Promise.all(Array.from({ length: 50 }, () => store.claim('dev', id, 0)))
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1)
  })

  it('refuses a claim that did not see the claim in place, and a commit of a claim not in place', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const claim = (await store.claim('dev', id, 0)) as string
    expect(await store.claim('dev', id, 0)).toBeUndefined()
    expect(await store.claim('dev', id, 0, `${claim}0`)).toBeUndefined()
    expect(await store.commit('dev', id, `${claim}0`, blockFilter(9))).toBe(false)
    expect(await store.release('dev', id, `${claim}0`)).toBe(false)
    expect(await store.commit('other', id, claim, blockFilter(9))).toBe(false)
    // Taking over the claim it saw (a dead holder's, as the poll decides): the old one is stale.
    const takeover = (await store.claim('dev', id, 0, claim)) as string
    expect(takeover).not.toBe(claim)
    expect(await store.commit('dev', id, claim, blockFilter(9))).toBe(false)
    expect(await store.commit('dev', id, takeover, blockFilter(2))).toBe(true)
    expect(await store.poll('dev', id)).toEqual({ version: 1, filter: blockFilter(2) })
  })

  it('releases a claim and leaves the cursor where it was', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const claim = (await store.claim('dev', id, 0)) as string
    expect(await store.release('dev', id, claim)).toBe(true)
    expect(await store.commit('dev', id, claim, blockFilter(2))).toBe(false)
    expect(await store.poll('dev', id)).toEqual({ version: 0, filter: blockFilter(1) })
    expect(await store.claim('dev', id, 0)).toBeDefined()
  })

  it('drops a claim neither committed nor released within its lifetime', async () => {
    const store = create(60_000, 200)
    const id = await added(store, 'dev', blockFilter(1))
    const claim = (await store.claim('dev', id, 0)) as string
    await elapse(400)
    expect(await store.poll('dev', id)).toEqual({ version: 0, filter: blockFilter(1) })
    expect(await store.commit('dev', id, claim, blockFilter(2))).toBe(false)
  })

  it('drops the claim with its filter', async () => {
    const store = create(60_000)
    const id = await added(store, 'dev', blockFilter(1))
    const claim = (await store.claim('dev', id, 0)) as string
    expect(await store.remove('dev', id)).toBe(true)
    expect(await store.commit('dev', id, claim, blockFilter(2))).toBe(false)
    expect(await store.poll('dev', id)).toBeUndefined()
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
  it('tell a claim of a process that stopped from a live one, and let the next poll take it over', async () => {
    const prefix = `holder-test-${prefixes++}:`
    const holding = createRedisFilterStore({ connection, ttlMs: 60_000, prefix, holderTtlMs: 300 })
    const next = createRedisFilterStore({ connection, ttlMs: 60_000, prefix, holderTtlMs: 300 })
    try {
      const id = await added(holding, 'dev', blockFilter(1))
      const claim = (await holding.claim('dev', id, 0)) as string
      expect(claim).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{12}:\\d+$`))
      // Its heartbeat keeps a running holder alive well past holderTtlMs.
      await new Promise((resolve) => setTimeout(resolve, 900))
      expect((await next.poll('dev', id))?.claim).toEqual({ value: claim, holderAlive: true })
      await holding.close()
      expect((await next.poll('dev', id))?.claim).toEqual({ value: claim, holderAlive: false })
      const takeover = (await next.claim('dev', id, 0, claim)) as string
      expect((await next.poll('dev', id))?.claim).toEqual({ value: takeover, holderAlive: true })
      expect(await holding.commit('dev', id, claim, blockFilter(9))).toBe(false)
      expect(await next.commit('dev', id, takeover, blockFilter(2))).toBe(true)
      expect(await next.poll('dev', id)).toEqual({ version: 1, filter: blockFilter(2) })
    } finally {
      await holding.close()
      await next.close()
    }
  })

  it('count a holder whose heartbeat stopped as dead after holderTtlMs', async () => {
    const prefix = `heartbeat-test-${prefixes++}:`
    const holding = createRedisFilterStore({ connection, ttlMs: 60_000, prefix, holderTtlMs: 300 })
    const id = await added(holding, 'dev', blockFilter(1))
    const claim = (await holding.claim('dev', id, 0)) as string
    // A killed process: its heartbeat stops, nothing deletes its key; Redis expires it.
    const [holder] = claim.split(':')
    await holding.close()
    await connection.redis.set(`${prefix}worker:${holder}`, '1', 'PX', 300)
    const next = createRedisFilterStore({ connection, ttlMs: 60_000, prefix })
    try {
      expect((await next.poll('dev', id))?.claim?.holderAlive).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect((await next.poll('dev', id))?.claim).toEqual({ value: claim, holderAlive: false })
    } finally {
      await next.close()
    }
  })

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
