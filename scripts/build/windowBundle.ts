import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { dynamicImportsOf } from './inlineDynamicImports.ts'
import { loadedFiles } from './loadedFiles.ts'

export type WindowBundleReport = {
  /** The scripts the windows' page loads before it runs (`loadedFiles`). */
  scripts: string[]
  /** Those the service worker or the toolbar popup loads too: chunks shared with them. */
  shared: string[]
  /** The page's lazy imports (`<script>: import(…)`): chunks it would load after it started. */
  lazy: string[]
}

/**
 * What the built extension in `root` loads for the wallet's windows' page (`page`, an extension
 * path: `core/protocol/windowPage.ts`), set against the worker (the manifest's
 * `background.service_worker`) and the toolbar popup (`action.default_popup`): the windows open
 * at each request and are built on their own (`standalonePage.ts`), so they should share no
 * script with either and load nothing lazily (issue 36).
 */
export async function windowBundle(root: string, page: string): Promise<WindowBundleReport> {
  const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8')) as {
    background: { service_worker: string }
    action: { default_popup: string }
  }
  const [window, worker, popup] = await Promise.all([
    loadedFiles(root, page),
    loadedFiles(root, manifest.background.service_worker),
    loadedFiles(root, manifest.action.default_popup),
  ])
  const elsewhere = new Set([...worker.scripts, ...popup.scripts])
  const lazy = await Promise.all(
    window.scripts.map(async (script) =>
      dynamicImportsOf(await readFile(join(root, script), 'utf8')).map(
        (expression) => `${script}: ${expression}`,
      ),
    ),
  )
  return {
    scripts: window.scripts,
    shared: window.scripts.filter((script) => elsewhere.has(script)),
    lazy: lazy.flat(),
  }
}
