/**
 * The floor of a confirmation (issue 36): a benchmark-only extension that does what a wallet must
 * do for a signature and nothing else — its worker holds the page's request in memory and opens
 * `chrome.windows.create({ type: 'popup' })` at Aperture's size; the window is one plain script
 * that asks the worker one question and renders the origin and an Approve button (Aperture's test
 * ids, so `timeConfirmations` drives both); the click goes to the worker, which signs with
 * secp256k1 and answers the page over the same kind of port (page ↔ content script ↔ worker).
 * The React floor is the same extension whose window renders with React (`confirmReact.tsx`):
 * what React costs a window, apart from what Aperture adds beyond it.
 * Its sources are `bench/windowFloor/*.ts`, bundled here by Vite into a temporary unpacked
 * extension (each entry on its own: the content scripts are classic scripts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const sources = fileURLToPath(new URL('./windowFloor/', import.meta.url))

/** The two floors: they differ only in how their window renders, and in their names. */
export const windowFloors = {
  /** The window's script builds its DOM by hand. */
  plain: { name: 'windowFloor', title: 'Window floor (benchmark)', window: 'confirm.ts' },
  /** The window's script renders with React (`createRoot`, one component). */
  react: {
    name: 'reactFloor',
    title: 'React window floor (benchmark)',
    window: 'confirmReact.tsx',
  },
} as const
export type WindowFloorKind = keyof typeof windowFloors

/** The floor's confirmation page: one module script, nothing else. */
const confirmHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Window floor</title></head>
  <body><script type="module" src="./confirm.js"></script></body>
</html>
`

/**
 * Builds the `kind` floor extension into a temporary directory, its content scripts only on the
 * pages matching `pageMatch` (a match pattern); its page API is `window[windowFloors[kind].name]`
 * and its manifest's name `windowFloors[kind].title`. Load it beside the wallet (`launchWallet`'s
 * `alsoLoad`); `remove()` deletes it.
 */
export async function writeWindowFloorExtension(
  pageMatch: string,
  kind: WindowFloorKind = 'plain',
): Promise<{ path: string; remove(): Promise<void> }> {
  const floor = windowFloors[kind]
  const path = await mkdtemp(join(tmpdir(), `window-floor-${kind}-`))
  const entries = {
    worker: 'worker.ts',
    confirm: floor.window,
    content: 'content.ts',
    page: 'page.ts',
  }
  for (const [entry, source] of Object.entries(entries)) {
    await build({
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      define: { FLOOR_NAME: JSON.stringify(floor.name) },
      build: {
        outDir: path,
        emptyOutDir: false,
        target: 'chrome120',
        minify: true,
        rolldownOptions: {
          input: join(sources, source),
          // The content scripts in an IIFE: classic scripts of two floors share the page's MAIN
          // world, where their top-level names would overwrite each other's.
          output: {
            entryFileNames: `${entry}.js`,
            format: entry === 'content' || entry === 'page' ? 'iife' : 'es',
          },
        },
      },
    })
  }
  const manifest = {
    manifest_version: 3,
    name: floor.title,
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
