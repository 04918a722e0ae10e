import type { RedisConnection } from './connectRedis.ts'

/** A key's request limits (keys file). */
export type RateLimits = { requestsPerSecond?: number; requestsPerDay?: number }

/** `ok`, or which limit refused: requests per second (HTTP 429) or per day (HTTP 402). */
export type RateVerdict = 'ok' | 'rate' | 'daily'

/**
 * Request counters of API keys (issue 12), behind one interface like the filters: in memory for one
 * process, in Redis for all of them, so a key's limits hold whichever process answers.
 */
export type RateLimiter = {
  /** Takes `count` requests from `apiKey`'s allowance; a refused take costs nothing. */
  take(apiKey: string, limits: RateLimits, count: number): Promise<RateVerdict>
}

/** The bucket holds one second's worth of requests, and at least one request. */
const capacityOf = (requestsPerSecond: number) => Math.max(requestsPerSecond, 1)

/** `2026-11-23`: the UTC day a daily count belongs to. */
const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10)

/** Counters in this process's memory. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const days = new Map<string, { day: string; used: number }>()
  return {
    async take(apiKey, limits, count) {
      const time = now()
      const rate = limits.requestsPerSecond
      let bucket: { tokens: number; at: number } | undefined
      if (rate !== undefined) {
        const previous = buckets.get(apiKey) ?? { tokens: capacityOf(rate), at: time }
        const tokens = Math.min(
          capacityOf(rate),
          previous.tokens + ((time - previous.at) / 1000) * rate,
        )
        bucket = { tokens, at: time }
        buckets.set(apiKey, bucket)
        if (tokens < count) return 'rate'
      }
      if (limits.requestsPerDay !== undefined) {
        const day = dayOf(time)
        const counter = days.get(apiKey)
        const used = counter?.day === day ? counter.used : 0
        if (used + count > limits.requestsPerDay) return 'daily'
        days.set(apiKey, { day, used: used + count })
      }
      if (bucket) bucket.tokens -= count
      return 'ok'
    },
  }
}

/**
 * One atomic take in Redis, timed by Redis's own clock (one clock for every process): the token
 * bucket (a hash of tokens and time, expiring once full again), then the day's counter (expiring a
 * day after its day ends). Answers 0 ok, 1 rate, 2 daily.
 */
const takeScript = `
local rate = tonumber(ARGV[1])
local count = tonumber(ARGV[2])
local cap = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local tokens
if rate > 0 then
  local capacity = math.max(rate, 1)
  local bucket = redis.call('HMGET', KEYS[1], 't', 'at')
  tokens = tonumber(bucket[1]) or capacity
  local at = tonumber(bucket[2]) or now
  tokens = math.min(capacity, tokens + (now - at) * rate / 1000)
  if tokens < count then
    redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', now)
    redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
    return 1
  end
end
if cap > 0 then
  local used = tonumber(redis.call('GET', KEYS[2]) or '0')
  if used + count > cap then return 2 end
  redis.call('INCRBY', KEYS[2], count)
  redis.call('PEXPIRE', KEYS[2], 172800000)
end
if rate > 0 then
  local capacity = math.max(rate, 1)
  redis.call('HSET', KEYS[1], 't', tostring(tokens - count), 'at', now)
  redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
end
return 0`

export type CreateRedisRateLimiterParameters = {
  connection: RedisConnection
  /** Default `aperture:`. */
  prefix?: string
}

/** Counters in Redis, shared by every endpoint process. */
export function createRedisRateLimiter(parameters: CreateRedisRateLimiterParameters): RateLimiter {
  const { connection } = parameters
  const prefix = parameters.prefix ?? 'aperture:'
  const verdicts: RateVerdict[] = ['ok', 'rate', 'daily']
  return {
    async take(apiKey, limits, count) {
      if (limits.requestsPerSecond === undefined && limits.requestsPerDay === undefined) return 'ok'
      // The day is the client's UTC day: processes whose clocks disagree by seconds only disagree
      // about the few requests around midnight.
      const answer = await connection.script(
        takeScript,
        [`${prefix}rate:${apiKey}`, `${prefix}day:${apiKey}:${dayOf(Date.now())}`],
        [limits.requestsPerSecond ?? 0, count, limits.requestsPerDay ?? 0],
      )
      return verdicts[Number(answer)] ?? 'ok'
    },
  }
}
