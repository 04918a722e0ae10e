import { randomBytes } from 'node:crypto'
import type { RedisConnection } from './connectRedis.ts'
import {
  claimTtlMs,
  type FilterRecord,
  type FilterStore,
  type StoredFilter,
} from './filterStore.ts'

export type CreateRedisFilterStoreParameters = {
  connection: RedisConnection
  /** A filter not polled for this long is gone (Redis key expiry). */
  ttlMs: number
  /** A claim neither committed nor released for this long is gone. Default `claimTtlMs`. */
  claimTtlMs?: number
  /**
   * How long this process counts as alive after its last heartbeat (sent every third of it): a
   * killed process's claims are taken over this long after its death at the latest. Default 3 s.
   */
  holderTtlMs?: number
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

/**
 * A poll: the filter's version and JSON, its claim ('' for none) and whether the claim's holder is
 * alive (its key `<ARGV[5]><holder>` exists), its expiry pushed back; nil when it is gone. The
 * holder's key is named by the claim, so it is not among KEYS: this store needs one Redis server,
 * not a cluster (its scripts already span keys of several hash slots).
 */
const pollScript = `
local version = redis.call('HGET', KEYS[1], 'v')
if not version then return false end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[1])
local claim = redis.call('GET', KEYS[4]) or ''
local alive = 0
local holder = string.match(claim, '^([^:]+):')
if holder and redis.call('EXISTS', ARGV[5] .. holder) == 1 then alive = 1 end
return { version, redis.call('HGET', KEYS[1], 'f'), claim, alive }`

/**
 * A claim (KEYS[2], expiring after ARGV[4] ms) for the poll that read version ARGV[1] and saw the
 * claim ARGV[2] ('' for none): refused when either changed since. The holder's own key (KEYS[3]) is
 * set too, so it is alive from its first claim on.
 */
const claimScript = `
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
redis.call('SET', KEYS[3], '1', 'PX', ARGV[5])
return 1`

/** The cursor moves (version + 1) and the claim goes, only while the claim ARGV[1] is still there. */
const commitScript = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
local version = redis.call('HGET', KEYS[1], 'v')
if not version then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(version) + 1, 'f', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[6])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
return 1`

/** The claim goes, the cursor stays, only while the claim ARGV[1] is still there. */
const releaseScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1`

/**
 * Filters in Redis, shared by every endpoint process: one hash per filter
 * (`<prefix>filter:<key>:<id>` → version, JSON) whose key expiry is the filter's TTL, refreshed by
 * each poll (Redis expires it, nothing sweeps), and a sorted set of expiry times that only counts
 * live filters. A poll's claim is `<prefix>claim:<key>:<id>` → `<holder>:<n>` (Lua scripts check
 * and set it atomically, so concurrent polls on different processes never return a block twice),
 * and each process keeps `<prefix>worker:<holder>` alive while it runs: once a killed process's key
 * expires, its claims are taken over by the next poll.
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
  const claimKeyOf = (apiKey: string, id: string) => `${prefix}claim:${apiKey}:${id}`
  const claimLifetimeMs = parameters.claimTtlMs ?? claimTtlMs
  const holderTtlMs = parameters.holderTtlMs ?? 3000
  const holdersPrefix = `${prefix}worker:`
  // The process id names the holder for an operator (and a test) looking at a claim; the random
  // part keeps it unique across machines and restarts.
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`
  const holderKey = `${holdersPrefix}${holder}`
  let claims = 0

  const beat = () => connection.run((redis) => redis.set(holderKey, '1', 'PX', holderTtlMs))
  // A missed heartbeat (Redis down) is not reported here: the polls that need Redis report it, and
  // the claim script sets the key again with the next claim.
  const heartbeat = setInterval(() => {
    beat().catch(() => undefined)
  }, holderTtlMs / 3)
  heartbeat.unref()

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
        [keyOf(apiKey, id), expiries, keyExpiriesOf(apiKey), claimKeyOf(apiKey, id)],
        [ttlMs, Date.now() + ttlMs, memberOf(apiKey, id), id, holdersPrefix],
      )
      if (!Array.isArray(found)) return undefined
      const [version, json, claim, alive] = found as [string, string, string, number]
      const record: FilterRecord = {
        version: Number(version),
        filter: JSON.parse(json) as StoredFilter,
      }
      if (claim !== '') record.claim = { value: claim, holderAlive: alive === 1 }
      return record
    },
    async claim(apiKey, id, version, seen) {
      if (!isFilterId(id)) return undefined
      claims += 1
      const value = `${holder}:${claims}`
      const claimed = await connection.script(
        claimScript,
        [keyOf(apiKey, id), claimKeyOf(apiKey, id), holderKey],
        [version, seen ?? '', value, claimLifetimeMs, holderTtlMs],
      )
      return claimed === 1 ? value : undefined
    },
    async commit(apiKey, id, claim, filter) {
      if (!isFilterId(id)) return false
      const committed = await connection.script(
        commitScript,
        [keyOf(apiKey, id), claimKeyOf(apiKey, id), expiries, keyExpiriesOf(apiKey)],
        [claim, JSON.stringify(filter), ttlMs, Date.now() + ttlMs, memberOf(apiKey, id), id],
      )
      return committed === 1
    },
    async release(apiKey, id, claim) {
      if (!isFilterId(id)) return false
      const released = await connection.script(releaseScript, [claimKeyOf(apiKey, id)], [claim])
      return released === 1
    },
    async remove(apiKey, id) {
      if (!isFilterId(id)) return false
      const [[, deleted] = []] =
        (await connection.run((redis) =>
          redis
            .multi()
            .del(keyOf(apiKey, id))
            .del(claimKeyOf(apiKey, id))
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
    async close() {
      clearInterval(heartbeat)
      // Gone at once rather than after holderTtlMs, so a claim left behind is taken over at once;
      // with Redis down it expires by itself, nothing to report.
      await connection.run((redis) => redis.del(holderKey)).catch(() => undefined)
    },
  }
}
