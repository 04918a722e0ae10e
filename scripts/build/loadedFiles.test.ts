import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadedFiles } from './loadedFiles.ts'

describe('loadedFiles', () => {
  let root: string
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'loaded-files-'))
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  it("follows a page's module script, its preloads and their static imports, not lazy ones", async () => {
    await write(
      'src/popup/index.html',
      [
        '<script type="module" crossorigin src="/assets/index.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/shared.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      ].join('\n'),
    )
    await write(
      'assets/index.js',
      'import{a as b}from"./shared.js";import"./effects.js";const l=()=>import("./lazy.js");const s="from\\"x\\"";',
    )
    await write('assets/shared.js', 'export{c as a}from"../vendor/react.js";')
    await write('vendor/react.js', 'export const c=1;')
    await write('assets/effects.js', '')

    expect(await loadedFiles(root, 'src/popup/index.html')).toEqual({
      scripts: ['assets/index.js', 'assets/shared.js', 'vendor/react.js', 'assets/effects.js'],
      styles: ['assets/index.css'],
    })
  })

  it("follows a worker script's imports from its own folder", async () => {
    await write('service-worker-loader.js', "import './assets/index.ts-1.js';")
    await write('assets/index.ts-1.js', 'import{x}from"./chunk.js";')
    await write('assets/chunk.js', 'export const x=1;')

    expect(await loadedFiles(root, 'service-worker-loader.js')).toEqual({
      scripts: ['service-worker-loader.js', 'assets/index.ts-1.js', 'assets/chunk.js'],
      styles: [],
    })
  })
})
