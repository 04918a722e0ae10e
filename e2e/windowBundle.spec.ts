import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { windowBundle } from '../scripts/build/windowBundle.ts'
import { windowPagePath } from '../src/core/protocol/windowPage.ts'
import { extensionDirectory } from './support/launchWallet.ts'

/**
 * The built extension's approval and confirmation windows, read from disk: their page opens at
 * each request, so it loads as one module of its own (issue 36) — no chunk the service worker or
 * the toolbar popup also loads (a screen added to Home does not grow it, a chunk split with the
 * worker is not loaded in turn), and nothing lazily after it started. Ahead of the module, one
 * small classic script (`src/popup/windowStart.ts`) asks the confirmation window's question while
 * the module loads: two scripts, the first of them without React or the screens.
 */
test("the windows' page loads a small first script and one module, shares no chunk with the worker or the toolbar popup, and loads none lazily", async () => {
  const { scripts, shared, lazy } = await windowBundle(extensionDirectory, windowPagePath)

  expect(scripts).toHaveLength(2)
  const [first = ''] = scripts
  expect((await stat(join(extensionDirectory, first))).size).toBeLessThan(2_000)
  expect(shared).toEqual([])
  expect(lazy).toEqual([])
})

test("the windows' module is render-blocking: the window's first frame is its first render, not its background", async () => {
  const html = await readFile(join(extensionDirectory, windowPagePath), 'utf8')

  expect(html).toMatch(/<script type="module" blocking="render"[^>]*>/)
})
