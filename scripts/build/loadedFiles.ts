import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

/** The files of a built extension that a page or a worker loads before it runs. */
export type LoadedFiles = {
  /** Its module scripts and every module they import statically, transitively (extension paths). */
  scripts: string[]
  /** The stylesheets its HTML links. */
  styles: string[]
}

/** The `src`/`href` of the HTML's tags matching `tag`, e.g. `<script type="module" src=…>`. */
const attributesOf = (html: string, tag: RegExp, attribute: 'src' | 'href'): string[] =>
  [...html.matchAll(new RegExp(tag.source, 'g'))].flatMap((match) => {
    const value = new RegExp(`\\b${attribute}="([^"]+)"`).exec(match[0])?.[1]
    return value === undefined ? [] : [value]
  })

/**
 * The files `code` imports statically (`import … from "./…js"`, `import "./…js"`, `export … from`):
 * a built file names the others by a path (`./`, `../` or `/`) ending in `.js`.
 */
const staticImportsOf = (code: string): string[] =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{0,2}\/[^"'\s]+\.js)["']/g)].map(
    (match) => match[1] ?? '',
  )

/** `specifier` as an extension path: absolute ones from the root, others from `from`'s folder. */
const resolvePath = (from: string, specifier: string): string =>
  specifier.startsWith('/') ? specifier.slice(1) : join(dirname(from), specifier)

/**
 * What the built extension in `root` loads for `entry` (an HTML page or a worker script, as an
 * extension path such as `src/popup/index.html`) before its code runs: lazy imports (`import()`)
 * are not followed.
 *
 * @example await loadedFiles('extension', 'src/popup/index.html') // { scripts: ['assets/…js'], styles: [...] }
 */
export async function loadedFiles(root: string, entry: string): Promise<LoadedFiles> {
  const scripts = new Set<string>()
  const visit = async (path: string): Promise<void> => {
    if (scripts.has(path)) return
    scripts.add(path)
    const code = await readFile(join(root, path), 'utf8')
    for (const specifier of staticImportsOf(code)) await visit(resolvePath(path, specifier))
  }
  if (!entry.endsWith('.html')) {
    await visit(entry)
    return { scripts: [...scripts], styles: [] }
  }
  const html = await readFile(join(root, entry), 'utf8')
  for (const src of attributesOf(html, /<script\b[^>]*>/, 'src'))
    await visit(resolvePath(entry, src))
  for (const href of attributesOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/, 'href')) {
    await visit(resolvePath(entry, href))
  }
  const styles = attributesOf(html, /<link\b[^>]*rel="stylesheet"[^>]*>/, 'href').map((href) =>
    relative('.', resolvePath(entry, href)),
  )
  return { scripts: [...scripts], styles }
}
