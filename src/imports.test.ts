import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const srcDir = new URL('.', import.meta.url).pathname
const rootDir = new URL('..', import.meta.url).pathname
/** The folders of the repository's own TypeScript: the product, its e2e tests, benchmarks, scripts. */
const sourceFolders = ['src', 'e2e', 'e2e-firefox', 'bench', 'scripts']

/** Every TypeScript file under `dirs`, tests included, with its text. */
function readSources(dirs: readonly string[]): Map<string, string> {
  const sources = new Map<string, string>()
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) sources.set(path, readFileSync(path, 'utf8'))
    }
  }
  for (const dir of dirs) walk(dir)
  return sources
}

/**
 * Every module `source` names: `import … from`, `import type … from`, `export … from`, a bare
 * `import '…'` and `import('…')`, over any number of lines; comments are not read.
 */
function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1')
  const pattern = /\bfrom\s*['"]([^'"\n]+)['"]|\bimport\s*\(?\s*['"]([^'"\n]+)['"]/g
  return [...code.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '')
}

/** The files among `sources` that `file` imports by a relative path (packages are not followed). */
function localImports(file: string, sources: ReadonlyMap<string, string>): string[] {
  return specifiersOf(sources.get(file) ?? '').flatMap((specifier) => {
    if (!specifier.startsWith('.')) return []
    const path = resolve(dirname(file), specifier)
    return sources.has(path) ? [path] : []
  })
}

/**
 * The import circles among `sources`, one per strongly connected group of files (Tarjan), each
 * written as a shortest circle from its first file back to it: `a.ts → b.ts → a.ts`.
 */
function findImportCircles(sources: ReadonlyMap<string, string>, base: string): string[] {
  const edges = new Map([...sources.keys()].map((file) => [file, localImports(file, sources)]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const groups: string[][] = []
  const visit = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file) ?? 0)
    stack.push(file)
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0))
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member !== undefined) group.push(member)
    } while (member !== undefined && member !== file)
    if (group.length > 1 || edges.get(file)?.includes(file)) groups.push(group)
  }
  for (const file of edges.keys()) if (!index.has(file)) visit(file)
  return groups.map((group) => {
    const [first = ''] = [...group].sort()
    return circleThrough(first, new Set(group), edges)
      .map((file) => relative(base, file))
      .join(' → ')
  })
}

/** A shortest way from `first` back to itself through `members` (breadth first). */
function circleThrough(
  first: string,
  members: ReadonlySet<string>,
  edges: ReadonlyMap<string, string[]>,
): string[] {
  const cameFrom = new Map<string, string>()
  const queue = [first]
  for (const file of queue) {
    for (const next of edges.get(file) ?? []) {
      if (next === first) {
        const path = [first]
        for (let at = file; at !== first; at = cameFrom.get(at) ?? first) path.unshift(at)
        return [first, ...path]
      }
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return [first]
}

/** What the engine (`core/multichain`, its tests and `testing/` aside) may import. */
const engineMayImport = {
  folders: ['core/multichain', 'core/caip', 'core/rpc', 'core/protocol'],
  packages: ['@metamask/utils'],
}

/** The imports of `file` the engine may not have: a namespace's folder, a chain's library, … */
function engineTrespasses(file: string, sources: ReadonlyMap<string, string>): string[] {
  return specifiersOf(sources.get(file) ?? '').filter((specifier) => {
    if (!specifier.startsWith('.')) return !engineMayImport.packages.includes(specifier)
    const target = relative(srcDir, resolve(dirname(file), specifier))
    return !engineMayImport.folders.some((folder) => dirname(target) === folder)
  })
}

const engineModules = (sources: ReadonlyMap<string, string>): string[] =>
  [...sources.keys()].filter((file) => {
    const path = relative(srcDir, file)
    return dirname(path) === 'core/multichain' && !path.endsWith('.test.ts')
  })

describe('imports in src', () => {
  const sources = readSources(sourceFolders.map((folder) => join(rootDir, folder)))

  it('form no circle, type imports included (e2e, bench and scripts too)', () => {
    expect(findImportCircles(sources, rootDir)).toEqual([])
  })

  it('of the engine name no namespace and no chain library: the namespaces are handed to it', () => {
    const trespasses = engineModules(sources).flatMap((file) =>
      engineTrespasses(file, sources).map((specifier) => `${relative(srcDir, file)}: ${specifier}`),
    )
    expect(trespasses).toEqual([])
  })

  it('of the seam (namespace.ts, ports.ts) are the CAIP and JSON-RPC types and the ports only', () => {
    const seam = ['core/multichain/namespace.ts', 'core/multichain/ports.ts']
    const imported = seam.flatMap((path) =>
      specifiersOf(sources.get(join(srcDir, path)) ?? '').map(
        (specifier) => `${path}: ${specifier}`,
      ),
    )
    expect(imported).toEqual([
      'core/multichain/namespace.ts: ../caip/types.ts',
      'core/multichain/namespace.ts: ../rpc/types.ts',
      'core/multichain/namespace.ts: ./ports.ts',
      'core/multichain/ports.ts: ../caip/types.ts',
      'core/multichain/ports.ts: ../rpc/types.ts',
    ])
  })

  it('the check finds a circle through type imports, re-exports and imports over lines', () => {
    const at = (path: string) => join('/repo/src', path)
    const circle = new Map([
      [at('a.ts'), "import type { B } from './b.ts'\nexport const a = 1"],
      [at('b.ts'), "export {\n  c,\n} from './nested/c.ts'\nexport type B = 1"],
      [at('nested/c.ts'), "import {\n  a,\n  type A,\n} from '../a.ts'\nexport const c = a"],
      [at('d.ts'), "// import { a } from './a.ts'\n/* from './e.ts' */\nexport const d = 1"],
      [at('e.ts'), "import { d } from './d.ts'\nimport { z } from 'viem'\nexport const e = d"],
    ])
    expect(findImportCircles(circle, '/repo/src')).toEqual(['a.ts → b.ts → nested/c.ts → a.ts'])
    expect(findImportCircles(new Map([[at('f.ts'), "import './f.ts'"]]), '/repo/src')).toEqual([
      'f.ts → f.ts',
    ])
  })

  it('the engine check finds a namespace folder or a chain library imported', () => {
    const file = join(srcDir, 'core/multichain/createSession.ts')
    const source = [
      "import { walletNamespaces } from '../wallet/namespaces.ts'",
      "import type { Address } from 'viem'",
      "import { isObject } from '@metamask/utils'",
      "import type { ChainId } from '../caip/types.ts'",
      "import { sessionChanged } from './sessionLifecycle.ts'",
    ].join('\n')
    expect(engineTrespasses(file, new Map([[file, source]]))).toEqual([
      '../wallet/namespaces.ts',
      'viem',
    ])
  })
})
