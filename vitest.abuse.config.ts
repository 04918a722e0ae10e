import { defineConfig } from 'vitest/config'

/** `npm run test:abuse`: the endpoint under abuse (issue 11), loopback only, bounded in time. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/endpoint/abuse/*.abuse.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One abused endpoint at a time: the suite measures its memory and its latency.
    fileParallelism: false,
  },
})
