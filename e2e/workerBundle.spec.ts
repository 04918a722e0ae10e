import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { unreachableFiles } from '../scripts/build/reachableFiles.ts'
import { workerBundleHazards } from '../scripts/build/workerBundleHazards.ts'
import { extensionDirectory } from './support/launchWallet.ts'

/**
 * The built extension's service worker, read from disk: a worker cannot load a chunk lazily
 * (`import()` is disallowed there) and has no `window` or `document`, so either in its bundle
 * breaks a method at the moment it runs (`personal_ecRecover` did: viem loads its curve lazily).
 * It is one classic script (`scripts/build/classicWorker.ts`): Chromium keeps a classic worker's
 * compiled code between starts, and compiled the module worker's anew at each (issue 36).
 */
test('the built service worker is one classic script that loads no chunk and reads no window or document', async () => {
  const { files, hazards } = await workerBundleHazards(extensionDirectory)
  const manifest = JSON.parse(await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'))

  expect(manifest.background).toEqual({ service_worker: 'service-worker.js' })
  expect(files).toEqual(['service-worker.js'])
  expect(hazards).toEqual([])
})

/**
 * What the worker parses and runs at every start (issue 36, cold start): lodash, semver and
 * superstruct came in whole through the CommonJS index of `@metamask/utils`, required by the vault's
 * library for two small helpers (`scripts/build/workerRewrites.ts`).
 */
test('the built service worker carries neither lodash nor semver', async () => {
  const { files } = await workerBundleHazards(extensionDirectory)
  const code = (
    await Promise.all(files.map((file) => readFile(join(extensionDirectory, file), 'utf8')))
  ).join('\n')

  // A string each library keeps through minification: lodash's hash sentinel, semver's spec version.
  const markers = ['__lodash_hash_undefined__', 'SEMVER_SPEC_VERSION']

  expect(files).toEqual(['service-worker.js'])
  expect(markers.filter((marker) => code.includes(marker))).toEqual([])
})

/**
 * eth-phishing-detect's list (~380 kB, issue 36, cold start) is a file of the extension that the
 * worker fetches at its first site check (`background/packagedJson.ts`), not part of the code it
 * compiles at every start.
 */
test("the phishing list is a file of the extension, not the worker's code", async () => {
  const list = JSON.parse(
    await readFile('node_modules/eth-phishing-detect/src/config.json', 'utf8'),
  ) as { blacklist: string[] }
  const { files } = await workerBundleHazards(extensionDirectory)
  const code = (
    await Promise.all(files.map((file) => readFile(join(extensionDirectory, file), 'utf8')))
  ).join('\n')
  const listed = list.blacklist.slice(0, 20)

  expect(listed.filter((host) => code.includes(JSON.stringify(host)))).toEqual([])
  expect(/assets\/config-[\w-]+\.json/.test(code)).toBe(true)
})

/**
 * The package carries only files something loads (`scripts/build/reachableFiles.ts`): the chunks
 * joined into `service-worker.js` that no page or content script loads (the worker's main chunk,
 * ~440 kB, and crxjs' loader) are deleted by the build, not shipped.
 */
test('every file of the built extension is loaded by the manifest, a page or a script', async () => {
  expect(await unreachableFiles(extensionDirectory)).toEqual([])
})
