import { crx } from '@crxjs/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import manifest from './manifest.json' with { type: 'json' }
import { classicWorker } from './scripts/build/classicWorker.ts'
import {
  type DependencyRewrite,
  firefoxLintRewrites,
  rewriteDependencies,
} from './scripts/build/firefoxLintRewrites.ts'
import { firefoxManifest } from './scripts/build/firefoxManifest.ts'
import { inlineDynamicImports } from './scripts/build/inlineDynamicImports.ts'
import { standalonePage } from './scripts/build/standalonePage.ts'
import { workerRewrites } from './scripts/build/workerRewrites.ts'
import { windowPagePath } from './src/core/protocol/windowPage.ts'

/**
 * The two builds of the one source (DESIGN §10), by Vite's mode: `npm run build` (the default
 * mode) writes Chromium's `extension/`, `npm run build:firefox` (`--mode firefox`) Firefox's
 * `extension-firefox/` from the manifest `scripts/build/firefoxManifest.ts` makes.
 */
const builds = {
  production: {
    browser: 'chrome' as const,
    manifest,
    outDir: 'extension',
    target: 'chrome120',
    rewrites: [] as DependencyRewrite[],
  },
  firefox: {
    browser: 'firefox' as const,
    manifest: firefoxManifest(manifest),
    outDir: 'extension-firefox',
    target: 'firefox153',
    // What `web-ext lint` would warn about in the dependencies (scripts/build/firefoxLintRewrites.ts).
    rewrites: firefoxLintRewrites,
  },
}

export default defineConfig(({ mode }) => {
  if (!(mode in builds)) throw new Error(`vite.config.ts: no build for mode ${mode}`)
  const build = builds[mode as keyof typeof builds]
  return {
    plugins: [
      react(),
      crx({
        manifest: build.manifest,
        browser: build.browser,
        // The inpage provider must exist before the page's first <script>, and the page port is
        // handed over before it (src/core/protocol/pagePort.ts): build both as self-contained IIFEs
        // instead of behind crxjs' async module loader.
        contentScripts: {
          standaloneFiles: ['src/inpage/index.ts', 'src/content/documentStart.ts'],
        },
      }),
      // The service worker cannot load a lazy chunk (scripts/build/inlineDynamicImports.ts); the
      // popup's own lazy imports stay lazy.
      inlineDynamicImports({ keepLazy: (id) => id.includes('/src/popup/') }),
      rewriteDependencies([...workerRewrites, ...build.rewrites]),
      // The approval and confirmation windows' page loads as one module of its own, none of the
      // worker's or the toolbar popup's chunks (scripts/build/standalonePage.ts, issue 36); its
      // first script asks the confirmation window's question while that module loads, and the
      // module is render-blocking, so the window's first frame is its first render.
      standalonePage({
        page: windowPagePath,
        firstScript: 'src/popup/windowStart.ts',
        renderBlockingModule: true,
        plugins: () => [react(), rewriteDependencies(build.rewrites)],
      }),
      // Chromium: the worker as one classic script, whose compiled code the browser keeps between
      // starts (scripts/build/classicWorker.ts, issue 36, cold start).
      build.browser === 'chrome' && classicWorker(),
    ],
    // `@metamask/post-message-stream` uses `readable-stream` 3, written for Node: it calls the free
    // globals `process.nextTick` and `global`. They are replaced at build time (the IIFE inpage build
    // inherits `define`), so no `process` or `global` is ever created in a page's window.
    define: {
      'process.nextTick': '((callback, ...args) => queueMicrotask(() => callback(...args)))',
      'process.stdout': 'undefined',
      'process.stderr': 'undefined',
      global: 'globalThis',
    },
    // A JSON import (the bundled phishing and known-bad lists, ~300 kB the worker loads at every
    // start) is built as `JSON.parse('…')`, which V8 reads faster than the same object literal.
    json: { stringify: true },
    build: {
      outDir: build.outDir,
      emptyOutDir: true,
      // A page the manifest does not name: Chromium's offscreen document, which empties the
      // clipboard after a copied secret's time (src/background/secretClipboard.ts).
      rollupOptions: { input: { offscreen: 'src/offscreen/index.html' } },
      target: build.target,
      sourcemap: false,
    },
  }
})
