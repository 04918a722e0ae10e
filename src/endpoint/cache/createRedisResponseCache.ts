import type { RedisConnection } from '../state/connectRedis.ts'
import type { ResponseCache } from './responseCache.ts'

export type CreateRedisResponseCacheParameters = {
  connection: RedisConnection
  /** Default `aperture:`. */
  prefix?: string
  /** Entries expire this long after they were stored. Default one day. */
  ttlMs?: number
}

/**
 * The response cache in Redis, shared by every endpoint process: one string (bytes) per answer
 * (`<prefix>cache:<method>:<params>`), expiring after `ttlMs` so the cache cannot outgrow what
 * Redis is given (`maxmemory` with `volatile-lru` bounds it; docs/endpoint.md).
 */
export function createRedisResponseCache(
  parameters: CreateRedisResponseCacheParameters,
): ResponseCache {
  const { connection } = parameters
  const prefix = `${parameters.prefix ?? 'aperture:'}cache:`
  const ttlMs = parameters.ttlMs ?? 86_400_000
  return {
    async get(key) {
      return (await connection.run((redis) => redis.getBuffer(`${prefix}${key}`))) ?? undefined
    },
    async set(key, result) {
      await connection.run((redis) => redis.set(`${prefix}${key}`, result, 'PX', ttlMs))
    },
    async clear() {
      await connection.run(async (redis) => {
        let cursor = '0'
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
          if (keys.length) await redis.unlink(...keys)
          cursor = next
        } while (cursor !== '0')
      })
    },
  }
}
