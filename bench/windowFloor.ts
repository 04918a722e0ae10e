/**
 * The floor of a confirmation (issue 36): a benchmark-only extension that does what a wallet must
 * do for a signature and nothing else — its worker holds the page's request in memory and opens
 * `chrome.windows.create({ type: 'popup' })` at Aperture's size; the window is one plain script
 * that asks the worker one question and renders the origin and an Approve button (Aperture's test
 * ids, so `timeConfirmations` drives both); the click goes to the worker, which signs with
 * secp256k1 and answers the page over the same kind of port (page ↔ content script ↔ worker).
 * Its sources are `bench/windowFloor/*.ts`, bundled here by Vite into a temporary unpacked
 * extension (each entry on its own: the content scripts are classic scripts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const sources = fileURLToPath(new URL('./windowFloor/', import.meta.url))
const entries = ['worker', 'confirm', 'content', 'page'] as const

/** The floor's confirmation page: one module script, nothing else. */
const confirmHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Window floor</title></head>
  <body><script type="module" src="./confirm.js"></script></body>
</html>
`

/**
 * Builds the window-floor extension into a temporary directory, its content scripts only on the
 * pages matching `pageMatch` (a match pattern). Load it beside the wallet (`launchWallet`'s
 * `alsoLoad`); `remove()` deletes it.
 */
export async function writeWindowFloorExtension(
  pageMatch: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'window-floor-'))
  for (const entry of entries) {
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: path,
        emptyOutDir: false,
        target: 'chrome120',
        minify: true,
        rolldownOptions: {
          input: join(sources, `${entry}.ts`),
          output: { entryFileNames: `${entry}.js`, format: 'es' },
        },
      },
    })
  }
  const manifest = {
    manifest_version: 3,
    name: 'Window floor (benchmark)',
    version: '1.0.0',
    background: { service_worker: 'worker.js', type: 'module' },
    // As the wallet's manifest: runtime messages are structured-cloned, not JSON-encoded.
    message_serialization: 'structured_clone',
    content_scripts: [
      { matches: [pageMatch], js: ['page.js'], run_at: 'document_start', world: 'MAIN' },
      { matches: [pageMatch], js: ['content.js'], run_at: 'document_start' },
    ],
  }
  await writeFile(join(path, 'manifest.json'), JSON.stringify(manifest, null, 2))
  await writeFile(join(path, 'confirm.html'), confirmHtml)
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}
