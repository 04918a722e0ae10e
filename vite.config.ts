import { crx } from '@crxjs/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import manifest from './manifest.json' with { type: 'json' }

export default defineConfig({
  plugins: [
    react(),
    crx({
      manifest,
      // The inpage provider must exist before the page's first <script>: build it as a
      // self-contained IIFE instead of behind crxjs' async module loader.
      contentScripts: { standaloneFiles: ['src/inpage/index.ts'] },
    }),
  ],
  build: {
    outDir: 'extension',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
  },
})
