import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { moduleHazards, workerBundleHazards } from './workerBundleHazards.ts'

describe('moduleHazards', () => {
  it('reports a dynamic import, as Vite emits one for a lazily loaded chunk', () => {
    const code =
      'export async function f(){let{secp256k1:e}=await import(`./secp256k1-BftC6Pt4.js`);return e}'

    expect(moduleHazards(code).hazards).toEqual([
      'dynamic import at ync function f(){let{secp256k1:e}=await import(`./secp256k1-BftC6Pt4.js`);return e}',
    ])
  })

  it('reports window and document read without a typeof check (Vite’s preload helper)', () => {
    const code =
      'function i(e){let t=new Event(`vite:preloadError`);window.dispatchEvent(t);return document.head}'

    expect(moduleHazards(code).hazards.map((hazard) => hazard.slice(0, 13))).toEqual([
      'uses window a',
      'uses document',
    ])
  })

  it('accepts a reference guarded by typeof, as libraries probe their environment', () => {
    const code = [
      'export const a=typeof window<`u`&&window.process&&(window.process.type===`renderer`||window.process.__nwjs)',
      'export const b=typeof document<`u`?document.documentElement:void 0',
      'if(typeof window!==`undefined`){window.x=1}',
    ].join(';')

    expect(moduleHazards(code).hazards).toEqual([])
  })

  it('accepts the names as properties and keys', () => {
    const code =
      'export const a=e.window,b={window:1,document:2},c=chrome.windows.onRemoved;class K{window(){}}'

    expect(moduleHazards(code).hazards).toEqual([])
  })

  it('lists the static imports and re-exports to follow', () => {
    const code =
      "import{a}from'./a.js';import'./b.js';export{c}from'./c.js';export*from'./d.js';export const e=1"

    expect(moduleHazards(code).staticImports).toEqual(['./a.js', './b.js', './c.js', './d.js'])
  })
})

describe('workerBundleHazards', () => {
  let extension: string

  beforeEach(async () => {
    extension = await mkdtemp(join(tmpdir(), 'aperture-worker-bundle-'))
    await mkdir(join(extension, 'assets'))
    await writeFile(
      join(extension, 'manifest.json'),
      JSON.stringify({
        background: { service_worker: 'service-worker-loader.js', type: 'module' },
      }),
    )
    await writeFile(join(extension, 'service-worker-loader.js'), "import './assets/index.js';\n")
    await writeFile(join(extension, 'assets', 'index.js'), "import{s}from'./shared.js';s()\n")
  })

  afterEach(async () => {
    await rm(extension, { recursive: true, force: true })
  })

  it('follows the manifest’s worker along its static imports and finds nothing in a clean bundle', async () => {
    await writeFile(
      join(extension, 'assets', 'shared.js'),
      'export const s=()=>self.registration\n',
    )

    expect(await workerBundleHazards(extension)).toEqual({
      files: ['service-worker-loader.js', 'assets/index.js', 'assets/shared.js'],
      hazards: [],
    })
  })

  it('names the file that holds a hazard, however deep in the imports', async () => {
    await writeFile(
      join(extension, 'assets', 'shared.js'),
      'export const s=()=>import(`./lazy.js`)\n',
    )

    expect((await workerBundleHazards(extension)).hazards).toEqual([
      'assets/shared.js: dynamic import at export const s=()=>import(`./lazy.js`)\n',
    ])
  })

  it('reports an import of something the extension does not hold', async () => {
    await writeFile(
      join(extension, 'assets', 'shared.js'),
      "export{s}from'https://cdn.example/s.js'\n",
    )

    expect((await workerBundleHazards(extension)).hazards).toEqual([
      'assets/shared.js: imports https://cdn.example/s.js, which is not a file of the extension',
    ])
  })
})
