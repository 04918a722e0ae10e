import { defineConfig } from 'vitest/config'

/** The endpoint's tests that also run with filters in Redis (DESIGN §5: both state implementations). */
const endpointTests = [
  'src/endpoint/http.test.ts',
  'src/endpoint/websocket.test.ts',
  'src/endpoint/viem.test.ts',
  'src/endpoint/upstream.test.ts',
  'src/endpoint/filterReorg.test.ts',
  'src/endpoint/keys.test.ts',
  'src/endpoint/cache.test.ts',
  'src/endpoint/solana.test.ts',
  'src/endpoint/sharedReads.test.ts',
]

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'e2e/support/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'endpoint on redis',
          include: endpointTests,
          globalSetup: ['src/endpoint/state/redisGlobalSetup.ts'],
        },
      },
    ],
  },
})
