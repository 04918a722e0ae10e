import { defineConfig } from '@playwright/test'

/**
 * The Firefox suite (DESIGN §10): Playwright's runner, with Firefox ESR driven by puppeteer-core
 * over WebDriver BiDi (docs/testing.md says why), the wallet installed from `extension-firefox/`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The same dapp bundles as the Chromium suite.
  globalSetup: '../e2e/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results/firefox',
})
