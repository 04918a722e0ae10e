import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'

/** The files whose text can name other files of the extension. */
const textFile = /\.(?:json|html|js|mjs|css)$/

/**
 * A quoted path in the built text: `"./chunk.js"`, `` `/assets/config-….json` ``,
 * `"assets/x.js"` (`chrome.runtime.getURL`), `src="/assets/x.js"`. A query or fragment after it is
 * left off (`src/popup/window.html?confirm`). The quote closing it is the one opening it.
 */
const quotedPath = /(["'`])(\.{0,2}\/?[\w@~-][\w@~./-]*\.\w+)(?:[?#][^"'`\s]*)?\1/g

/** A stylesheet's unquoted `url(…)`: a font or an image. */
const cssUrl = /\burl\(\s*([^"'`()\s]+?)\s*\)/g

/** Every file under `root`, as extension paths (`assets/x.js`). */
async function filesUnder(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  )
}

/**
 * The files of the package that `path` names: a specifier from `./` or `../` from its own folder, one
 * from `/` from the root, a bare one from the root (the manifest, `chrome.runtime.getURL`) or else
 * from its own folder (`new URL('x.png', import.meta.url)`).
 */
function namedBy(path: string, text: string, files: ReadonlySet<string>): string[] {
  const specifiers = [
    ...[...text.matchAll(quotedPath)].map((match) => match[2] ?? ''),
    ...[...text.matchAll(cssUrl)].map((match) => match[1] ?? ''),
  ]
  return specifiers.flatMap((specifier) => {
    const fromFolder = join(dirname(path), specifier)
    const candidates = specifier.startsWith('.')
      ? [fromFolder]
      : specifier.startsWith('/')
        ? [specifier.slice(1)]
        : [join(specifier), fromFolder]
    const found = candidates.find((candidate) => files.has(candidate))
    return found === undefined ? [] : [found]
  })
}

/**
 * The files of the built extension in `root` that something loads: the manifest, every file it names
 * (background, content scripts, web-accessible resources, pages, icons), and every file a reached
 * page, script or stylesheet names — its tags' `src`/`href`, static and lazy imports, paths given
 * to `chrome.runtime.getURL` (the offscreen document, a window, a content script's chunk), a `?url`
 * asset it fetches (the phishing list). A file left out ships in the package and never runs.
 * Globs in the manifest are not expanded.
 *
 * @example await reachableFiles('extension') // Set { 'manifest.json', 'service-worker.js', … }
 */
export async function reachableFiles(root: string): Promise<Set<string>> {
  const files = await filesUnder(root)
  const reached = new Set<string>()
  const pending = ['manifest.json']
  while (pending.length > 0) {
    const path = pending.pop() as string
    if (reached.has(path)) continue
    reached.add(path)
    if (!textFile.test(path)) continue
    pending.push(...namedBy(path, await readFile(join(root, path), 'utf8'), files))
  }
  return reached
}

/** The files of the built extension in `root` that nothing loads (see `reachableFiles`), sorted. */
export async function unreachableFiles(root: string): Promise<string[]> {
  const [files, reached] = await Promise.all([filesUnder(root), reachableFiles(root)])
  return [...files].filter((file) => !reached.has(file)).sort()
}
