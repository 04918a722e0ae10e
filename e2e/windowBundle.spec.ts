import { expect, test } from '@playwright/test'
import { windowBundle } from '../scripts/build/windowBundle.ts'
import { windowPagePath } from '../src/core/protocol/windowPage.ts'
import { extensionDirectory } from './support/launchWallet.ts'

/**
 * The built extension's approval and confirmation windows, read from disk: their page opens at
 * each request, so it loads as one module of its own (issue 36) — no chunk the service worker or
 * the toolbar popup also loads (a screen added to Home does not grow it, a chunk split with the
 * worker is not loaded in turn), and nothing lazily after it started.
 */
test("the windows' page loads one script, shares no chunk with the worker or the toolbar popup, and loads none lazily", async () => {
  const { scripts, shared, lazy } = await windowBundle(extensionDirectory, windowPagePath)

  expect(scripts).toHaveLength(1)
  expect(shared).toEqual([])
  expect(lazy).toEqual([])
})
