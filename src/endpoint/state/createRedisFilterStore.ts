import { randomBytes } from 'node:crypto'
import type { RedisConnection } from './connectRedis.ts'
import type { FilterStore, StoredFilter } from './filterStore.ts'

export type CreateRedisFilterStoreParameters = {
  connection: RedisConnection
  /** A filter not polled for this long is gone (Redis key expiry). */
  ttlMs: number
  /** Prefix of every key, so several endpoints can share one Redis database. Default `aperture:`. */
  prefix?: string
}

/**
 * A new filter, unless its key already has ARGV[5] live ones (the key's own sorted set of expiry
 * times, KEYS[3], counts them): checked and stored in one step, so concurrent adds on any number of
 * processes cannot pass the cap together.
 */
const addScript = `
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 0 end
redis.call('HSET', KEYS[1], 'v', 0, 'f', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[7])
redis.call('PEXPIRE', KEYS[3], ARGV[1])
return 1`

/** A poll: the filter's version and JSON, its expiry pushed back, or nil when it is gone. */
const pollScript = `
local version = redis.call('HGET', KEYS[1], 'v')
if not version then return false end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[1])
return { version, redis.call('HGET', KEYS[1], 'f') }`

/** Compare-and-set of the cursor: only the poll that read version ARGV[1] advances it. */
const replaceScript = `
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 'f', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[6])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`

/**
 * Filters in Redis, shared by every endpoint process: one hash per filter
 * (`<prefix>filter:<key>:<id>` → version, JSON) whose key expiry is the filter's TTL, refreshed by
 * each poll (Redis expires it, nothing sweeps), and a sorted set of expiry times that only counts
 * live filters. The cursor advances by compare-and-set in a Lua script, so concurrent polls on
 * different processes never return a block twice.
 */
export function createRedisFilterStore(parameters: CreateRedisFilterStoreParameters): FilterStore {
  const { connection, ttlMs } = parameters
  const prefix = parameters.prefix ?? 'aperture:'
  const expiries = `${prefix}filters`
  const keyOf = (apiKey: string, id: string) => `${prefix}filter:${apiKey}:${id}`
  const memberOf = (apiKey: string, id: string) => `${apiKey}:${id}`
  /** One key's filters by expiry time: what its cap counts. */
  const keyExpiriesOf = (apiKey: string) => `${prefix}filters:${apiKey}`
  // An id that is not ours can never name a key: it never reaches Redis.
  const isFilterId = (id: string) => /^0x[0-9a-f]{32}$/.test(id)

  return {
    async add(apiKey, filter, maxFilters) {
      const id = `0x${randomBytes(16).toString('hex')}`
      const now = Date.now()
      const added = await connection.script(
        addScript,
        [keyOf(apiKey, id), expiries, keyExpiriesOf(apiKey)],
        [ttlMs, now + ttlMs, memberOf(apiKey, id), now, maxFilters, JSON.stringify(filter), id],
      )
      return added === 1 ? id : undefined
    },
    async poll(apiKey, id) {
      if (!isFilterId(id)) return undefined
      const found = await connection.script(
        pollScript,
        [keyOf(apiKey, id), expiries, keyExpiriesOf(apiKey)],
        [ttlMs, Date.now() + ttlMs, memberOf(apiKey, id), id],
      )
      if (!Array.isArray(found)) return undefined
      const [version, json] = found as [string, string]
      return { version: Number(version), filter: JSON.parse(json) as StoredFilter }
    },
    async replace(apiKey, id, version, filter) {
      if (!isFilterId(id)) return false
      const replaced = await connection.script(
        replaceScript,
        [keyOf(apiKey, id), expiries, keyExpiriesOf(apiKey)],
        [version, JSON.stringify(filter), ttlMs, Date.now() + ttlMs, memberOf(apiKey, id), id],
      )
      return replaced === 1
    },
    async remove(apiKey, id) {
      if (!isFilterId(id)) return false
      const [[, deleted] = []] =
        (await connection.run((redis) =>
          redis
            .multi()
            .del(keyOf(apiKey, id))
            .zrem(expiries, memberOf(apiKey, id))
            .zrem(keyExpiriesOf(apiKey), id)
            .exec(),
        )) ?? []
      return deleted === 1
    },
    async size() {
      const now = Date.now()
      const [, [, count] = []] =
        (await connection.run((redis) =>
          redis.multi().zremrangebyscore(expiries, '-inf', now).zcard(expiries).exec(),
        )) ?? []
      return Number(count ?? 0)
    },
    async close() {},
  }
}
