import { readFile, rm, writeFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { reachableFiles } from './reachableFiles.ts'

/**
 * A Vite plugin that joins the built service worker (crxjs' module loader and the chunks it
 * imports) into one classic script, `service-worker.js`, and points the manifest at it. Chromium
 * keeps compiled code for a classic service worker script between starts, and compiles a module
 * worker's code anew at each start: the 440 kB main chunk alone took ~30 ms to parse at every cold
 * start (traced, docs/performance.md "Cold start: a classic script"). The chunks it joined are then
 * deleted, unless a page or a content script loads one too: nothing else loads them, and a package
 * ships no dead code. Chromium's build only: Firefox runs the background as an event page.
 */
export function classicWorker(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'aperture:classic-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      const outDir = resolveOut(config)
      const manifestPath = join(outDir, 'manifest.json')
      const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
        background: { service_worker: string; type?: string }
      }
      const loader = manifest.background.service_worker
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          emptyOutDir: false,
          target: config.build.target,
          minify: config.build.minify,
          rolldownOptions: {
            input: join(outDir, loader),
            output: {
              format: 'iife',
              codeSplitting: false,
              entryFileNames: 'service-worker.js',
              // Strict, as the modules it joins were.
              intro: '"use strict";',
            },
          },
        },
      })
      const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) =>
        'output' in one ? one.output : [],
      )
      const [chunk, ...others] = outputs
      if (chunk?.type !== 'chunk' || others.length > 0) {
        throw new Error('classicWorker: the service worker did not build as one script')
      }
      await writeFile(join(outDir, 'service-worker.js'), chunk.code)
      manifest.background = { service_worker: 'service-worker.js' }
      await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
      // The files it joined (the loader and the worker's chunks) that nothing loads any more.
      const loaded = await reachableFiles(outDir)
      const unloaded = chunk.moduleIds
        .filter((id) => isAbsolute(id))
        .map((id) => relative(outDir, id))
        .filter((path) => !path.startsWith('..') && !loaded.has(path))
      await Promise.all(unloaded.map((path) => rm(join(outDir, path))))
    },
  }
}

const resolveOut = (config: ResolvedConfig): string => resolve(config.root, config.build.outDir)
