import type { Plugin } from 'vite'

/** One exact rewrite of a dependency's file: `count` occurrences of `from`, each made `to`. */
export type DependencyRewrite = {
  file: string
  from: string
  to: string
  count: number
  why: string
}

/**
 * What Firefox's linter (`web-ext lint`) warns about in the Firefox build's dependencies, and the
 * rewrite that leaves nothing to warn about (docs/extension.md "Firefox"). Chromium's build is not
 * rewritten.
 */
export const firefoxLintRewrites: DependencyRewrite[] = [
  {
    file: 'node_modules/react-dom/cjs/react-dom-client.production.js',
    from: '(domElement.innerHTML = key)',
    to: '(() => { throw Error("Aperture: the wallet\'s windows render no raw HTML (dangerouslySetInnerHTML)") })()',
    count: 2,
    why: "React's dangerouslySetInnerHTML, which no Aperture window uses: refused instead of written to innerHTML (UNSAFE_VAR_ASSIGNMENT)",
  },
]

/**
 * `code` of `id` with the rewrites of its file applied, or `null` when none is for it. A rewrite
 * that no longer finds its text exactly `count` times (a dependency was updated) fails the build,
 * so the rewrite is never silently skipped.
 */
export function rewriteDependency(
  id: string,
  code: string,
  rewrites: DependencyRewrite[],
): string | null {
  const own = rewrites.filter((rewrite) => id.endsWith(rewrite.file))
  if (own.length === 0) return null
  return own.reduce((rewritten, { file, from, to, count }) => {
    const found = rewritten.split(from).length - 1
    if (found !== count) {
      throw new Error(`${file}: expected ${count} × ${JSON.stringify(from)}, found ${found}`)
    }
    return rewritten.replaceAll(from, to)
  }, code)
}

/** A Vite plugin applying `rewrites` to the dependencies' files they name. */
export function rewriteDependencies(rewrites: DependencyRewrite[]): Plugin {
  return {
    name: 'aperture:rewrite-dependencies',
    transform: {
      filter: { id: { include: rewrites.map(({ file }) => new RegExp(`${escapeRegExp(file)}$`)) } },
      handler: (code, id) => rewriteDependency(id, code, rewrites),
    },
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
