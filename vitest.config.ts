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
          exclude: ['src/core/**'],
        },
      },
      {
        extends: true,
        test: {
          // The pure core (no chrome, no DOM, no Node: src/core/purity.test.ts) in one module
          // graph: importing it afresh for each of its ~160 files took 85 % of its run
          // (docs/testing.md "CI time").
          name: 'core',
          include: ['src/core/**/*.test.ts'],
          isolate: false,
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
