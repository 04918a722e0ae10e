import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const coreDir = new URL('.', import.meta.url).pathname

/** Every source file of src/core except tests, which run in Node and may use node: modules. */
function coreSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return coreSources(path)
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return []
    return [path]
  })
}

/** What an import names: read in the module specifiers, which are quoted. */
const forbiddenImports: Array<[RegExp, string]> = [
  [/from\s+['"]node:|import\(\s*['"]node:|require\(\s*['"]node:/, 'imports a node: module'],
  [/from\s+['"]webextension-polyfill['"]/, 'imports webextension-polyfill'],
]

/** What code uses: read outside quoted strings (a path such as `'src/popup/window.html'` is no use). */
const forbiddenUses: Array<[RegExp, string]> = [
  [/\bchrome\s*\./, 'uses chrome.*'],
  [/\bbrowser\s*\.\s*(runtime|storage|tabs|windows)\b/, 'uses the browser.* extension API'],
  [/\bwindow\s*[.[]/, 'uses window'],
  [/\bdocument\s*[.[]/, 'uses document'],
]

/** Returns each violation of the core's platform-neutrality rule in a source text. */
function findPlatformUses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1')
  const unquoted = code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''")
  return [
    ...forbiddenImports.filter(([pattern]) => pattern.test(code)),
    ...forbiddenUses.filter(([pattern]) => pattern.test(unquoted)),
  ].map(([, what]) => what)
}

describe('src/core is platform-neutral', () => {
  it('has no file that uses chrome, webextension-polyfill, node: modules, window or document', () => {
    const violations = coreSources(coreDir).flatMap((file) =>
      findPlatformUses(readFileSync(file, 'utf8')).map(
        (what) => `${relative(coreDir, file)} ${what}`,
      ),
    )
    expect(violations).toEqual([])
  })

  it('the check catches each forbidden use', () => {
    expect(findPlatformUses("import fs from 'node:fs'")).toEqual(['imports a node: module'])
    expect(findPlatformUses("import browser from 'webextension-polyfill'")).toEqual([
      'imports webextension-polyfill',
    ])
    expect(findPlatformUses('chrome.storage.local.get()')).toEqual(['uses chrome.*'])
    expect(findPlatformUses('window.postMessage(1)')).toEqual(['uses window'])
    expect(findPlatformUses("document.getElementById('x')")).toEqual(['uses document'])
    expect(findPlatformUses('// window.x is mentioned in a comment only')).toEqual([])
    expect(findPlatformUses("const page = 'src/popup/window.html'")).toEqual([])
    expect(findPlatformUses('const page = "a window.html" + window.name')).toEqual(['uses window'])
  })
})
