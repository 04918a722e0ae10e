import { expect, test } from '@playwright/test'
import { workerBundleHazards } from '../scripts/build/workerBundleHazards.ts'
import { extensionDirectory } from './support/launchWallet.ts'

/**
 * The built extension's service worker, read from disk: a worker cannot load a chunk lazily
 * (`import()` is disallowed there) and has no `window` or `document`, so either in its bundle
 * breaks a method at the moment it runs (`personal_ecRecover` did: viem loads its curve lazily).
 */
test('the built service worker loads no chunk lazily and reads no window or document', async () => {
  const { files, hazards } = await workerBundleHazards(extensionDirectory)

  expect(files[0]).toBe('service-worker-loader.js')
  expect(files.length).toBeGreaterThan(1)
  expect(hazards).toEqual([])
})
