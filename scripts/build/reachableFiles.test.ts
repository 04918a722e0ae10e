import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reachableFiles, unreachableFiles } from './reachableFiles.ts'

describe('reachableFiles', () => {
  let root: string
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  /** A built extension: each path of it, its text. */
  const extension: Record<string, string> = {
    'manifest.json': JSON.stringify({
      icons: { 16: 'icons/icon-16.png' },
      action: { default_popup: 'src/popup/index.html' },
      background: { service_worker: 'service-worker.js' },
      content_scripts: [{ js: ['assets/loader.js'] }],
      web_accessible_resources: [{ resources: ['assets/content.js'] }],
    }),
    'icons/icon-16.png': '',
    'src/popup/index.html':
      '<script type="module" src="/assets/popup.js"></script><link rel="stylesheet" href="/assets/popup.css">',
    'assets/popup.css': '@font-face{src:url(./font.woff2)}',
    'assets/font.woff2': '',
    'assets/popup.js': 'import{a}from"./shared.js";const l=()=>import(`./lazy.js`);',
    'assets/shared.js': 'export const a=1;',
    'assets/lazy.js': '',
    'service-worker.js':
      'fetch(`/assets/list.json`);chrome.runtime.getURL(`src/offscreen/index.html`);open(`src/popup/window.html?confirm`)',
    'assets/list.json': '{}',
    'src/offscreen/index.html': '<script type="module" src="/assets/offscreen.js">',
    'assets/offscreen.js': '',
    'src/popup/window.html': '',
    'assets/loader.js': 'import(chrome.runtime.getURL("assets/content.js"))',
    'assets/content.js': '',
  }
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'reachable-files-'))
    for (const [path, text] of Object.entries(extension)) await write(path, text)
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  it('reaches what the manifest names, and what each reached page, script or stylesheet names', async () => {
    expect([...(await reachableFiles(root))].sort()).toEqual(Object.keys(extension).sort())
  })

  it('leaves out a chunk that only an unreached chunk imports, and that one', async () => {
    await write(
      'assets/worker-main.js',
      'import{b}from"./worker-only.js";import{a}from"./shared.js";',
    )
    await write('assets/worker-only.js', 'export const b=1;')

    expect(await unreachableFiles(root)).toEqual(['assets/worker-main.js', 'assets/worker-only.js'])
  })

  it('does not read a name in a file that is not text', async () => {
    await write('icons/icon-16.png', '"assets/hidden.js"')
    await write('assets/hidden.js', '')

    expect(await unreachableFiles(root)).toEqual(['assets/hidden.js'])
  })
})
