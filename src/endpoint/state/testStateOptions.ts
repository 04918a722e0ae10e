import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'

/**
 * The state options of an endpoint under test: none (memory) in the unit project, Redis in the
 * project that runs the endpoint tests again on Redis state (vitest.config.ts), with a key prefix of
 * its own so endpoints of different tests never see each other's filters.
 */
export function testStateOptions(): { redisUrl?: string; redisPrefix?: string } {
  const redisUrl = inject('redisUrl')
  if (!redisUrl) return {}
  return { redisUrl, redisPrefix: `test-${randomBytes(6).toString('hex')}:` }
}
