import type { TestProject } from 'vitest/node'
import { startRedisServer } from './startRedisServer.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the test project that runs the endpoint's tests on Redis state. */
    redisUrl: string | undefined
  }
}

/** Starts one `redis-server` for the endpoint tests that run on Redis state, and stops it after. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedisServer()
  project.provide('redisUrl', redis.url)
  return () => redis.close()
}
