import { crx } from '@crxjs/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import manifest from './manifest.json' with { type: 'json' }
import { inlineDynamicImports } from './scripts/build/inlineDynamicImports.ts'

export default defineConfig({
  plugins: [
    react(),
    crx({
      manifest,
      // The inpage provider must exist before the page's first <script>, and the page port is
      // handed over before it (src/core/protocol/pagePort.ts): build both as self-contained IIFEs
      // instead of behind crxjs' async module loader.
      contentScripts: { standaloneFiles: ['src/inpage/index.ts', 'src/content/documentStart.ts'] },
    }),
    // The service worker cannot load a lazy chunk (scripts/build/inlineDynamicImports.ts).
    inlineDynamicImports(),
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
  build: {
    outDir: 'extension',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
  },
})
