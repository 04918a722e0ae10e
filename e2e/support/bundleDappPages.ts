import { readdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** The entry files of the test pages' bundles: every `.ts` file there is one bundle. */
export const bundleEntriesDirectory: string = fileURLToPath(
  new URL('../dapp/bundles/', import.meta.url),
)

/** Where the bundles are written (git-ignored); served as `/bundles/<entry name>.js`. */
export const bundlesDirectory: string = fileURLToPath(new URL('../.bundles/', import.meta.url))

/** Entry files that are modules of the bundles, not bundles of their own (they export no page). */
const isEntry = (file: string): boolean => file.endsWith('Dapp.ts') && !file.endsWith('.test.ts')

/**
 * Bundles the test pages' dapp code — real dapp libraries (viem, wagmi core, …) with the code a
 * dapp writes around them — into browser ES modules under `bundlesDirectory`: each
 * `e2e/dapp/bundles/<name>Dapp.ts` becomes `/bundles/<name>Dapp.js` (shared chunks beside them),
 * which an HTML page of `e2e/dapp/` loads with `<script type="module">`. Run once per e2e run
 * (Playwright's global setup) and by the benchmark; a few seconds.
 */
export async function bundleDappPages(): Promise<void> {
  const files = (await readdir(bundleEntriesDirectory)).filter(isEntry)
  const entry = Object.fromEntries(
    files.map((file) => [basename(file, '.ts'), join(bundleEntriesDirectory, file)]),
  )
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    // Libraries written for bundlers read `process.env.NODE_ENV`; a page has no `process`.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: bundlesDirectory,
      emptyOutDir: true,
      target: 'chrome120',
      minify: false,
      sourcemap: false,
      lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    },
  })
}
