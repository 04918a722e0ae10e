import { createHash } from 'node:crypto'
import { Redis } from 'ioredis'
import { StateStoreError } from './filterStore.ts'

/** A Redis call never waits longer than this: past it the request answers -32603 (issue 12: ≤ 1 s). */
export const redisCommandTimeoutMs = 800

export type RedisConnection = {
  redis: Redis
  /** Runs a Lua script atomically (EVALSHA, loading it on first use). */
  script(source: string, keys: string[], args: Array<string | number>): Promise<unknown>
  /** Runs a Redis call, turning any failure into a `StateStoreError`. */
  run<T>(work: (redis: Redis) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * Connects to `url` (`redis://host:port/db`) and waits until it is ready; start-up fails with the
 * reason when Redis cannot be reached. While Redis is down, calls fail at once instead of queueing
 * (no offline queue, no per-call retry) and the client keeps reconnecting in the background, so the
 * requests that need Redis answer -32603 promptly and the others are served.
 */
export async function connectRedis(url: string): Promise<RedisConnection> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  })
  // ioredis emits 'error' on every failed reconnect; the failures reach callers through their calls.
  redis.on('error', () => undefined)
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`cannot connect to Redis at ${url}: ${(error as Error).message}`, {
      cause: error,
    })
  }

  const run = async <T>(work: (client: Redis) => Promise<T>): Promise<T> => {
    try {
      return await work(redis)
    } catch (error) {
      throw new StateStoreError(`state store unavailable: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }

  const shas = new Map<string, string>()
  const script = (source: string, keys: string[], args: Array<string | number>) =>
    run(async (client) => {
      let sha = shas.get(source)
      if (!sha) {
        sha = createHash('sha1').update(source).digest('hex')
        shas.set(source, sha)
      }
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args)
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error
        return client.eval(source, keys.length, ...keys, ...args)
      }
    })

  return {
    redis,
    script,
    run,
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
