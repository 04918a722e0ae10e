import { type ESTree, type Plugin, parseAst } from 'vite'

/**
 * A Vite plugin that makes every dynamic `import('<literal>')` of an ES module a static import, so
 * the extension's build has no lazily loaded chunk. The MV3 service worker cannot load one:
 * `import()` is disallowed in a ServiceWorkerGlobalScope, and Vite's preload helper around it
 * touches `window` and `document`, which a worker lacks (viem's signature recovery loads
 * `@noble/curves/secp256k1` this way: `personal_ecRecover` failed with "window is not defined").
 * The bundler cannot inline dynamic imports itself in a build with several entries (popup, worker,
 * content script), and crxjs builds them as one; everything is on disk anyway, so nothing is lost
 * by loading it up front. `e2e/workerBundle.spec.ts` checks the built worker.
 */
export function inlineDynamicImports(options: InlineDynamicImportsOptions = {}): Plugin {
  const keepLazy = options.keepLazy ?? (() => false)
  return {
    name: 'aperture:inline-dynamic-imports',
    enforce: 'post',
    transform: {
      filter: { code: 'import(' },
      handler: (code, id) => (keepLazy(id) ? null : staticDynamicImports(code)),
    },
  }
}

export type InlineDynamicImportsOptions = {
  /**
   * The modules whose own `import()`s stay lazy: code only an extension page reaches (the popup's
   * screens), where a chunk loads fine and keeps a large, rarely needed module (the password
   * strength dictionaries) out of every window's first load. `e2e/workerBundle.spec.ts` still
   * fails if the worker reaches one.
   */
  keepLazy?(id: string): boolean
}

/**
 * `code` with each dynamic import of a string literal replaced by a namespace imported statically
 * (`import('x')` → `Promise.resolve(__aperture_import_0)` with `import * as __aperture_import_0 from
 * 'x'` on top), or `null` when there is nothing to replace. A module without an import or export
 * declaration is left alone (it may be CommonJS, where an import declaration would change its
 * kind), as is an `import()` of a computed specifier: the bundle check finds those if the worker
 * reaches them.
 */
export function staticDynamicImports(code: string): string | null {
  const program = parseAst(code)
  if (!program.body.some(isModuleDeclaration)) return null
  const dynamicImports = collectDynamicImports(program).filter((node) => specifierOf(node) !== null)
  if (dynamicImports.length === 0) return null

  const declarations: string[] = []
  let rewritten = code
  dynamicImports
    .sort((a, b) => b.start - a.start)
    .forEach((node, index) => {
      const name = `__aperture_import_${index}`
      declarations.push(`import * as ${name} from ${JSON.stringify(specifierOf(node))};`)
      rewritten = `${rewritten.slice(0, node.start)}Promise.resolve(${name})${rewritten.slice(node.end)}`
    })
  return `${declarations.join('\n')}\n${rewritten}`
}

const isModuleDeclaration = (statement: ESTree.Program['body'][number]): boolean =>
  statement.type === 'ImportDeclaration' ||
  statement.type === 'ExportNamedDeclaration' ||
  statement.type === 'ExportDefaultDeclaration' ||
  statement.type === 'ExportAllDeclaration'

/**
 * The specifier of `import('x')` or ``import(`x`)``; `null` when it is computed or the import has
 * options (import attributes a namespace import would drop).
 */
function specifierOf(node: ESTree.ImportExpression): string | null {
  const { source } = node
  if (node.options !== null) return null
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) {
    return source.quasis[0]?.value.cooked ?? null
  }
  return null
}

/**
 * The `import()` expressions of a built module, as code (`import("./lazy.js")`): each loads a
 * chunk lazily, after the module ran. Empty for a module that loads everything up front.
 */
export const dynamicImportsOf = (code: string): string[] =>
  collectDynamicImports(parseAst(code)).map((node) => code.slice(node.start, node.end))

/** Every `import()` expression in `program`, nested ones included. */
function collectDynamicImports(program: ESTree.Program): ESTree.ImportExpression[] {
  const found: ESTree.ImportExpression[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (typeof value !== 'object' || value === null) return
    if ((value as { type?: unknown }).type === 'ImportExpression') {
      found.push(value as ESTree.ImportExpression)
    }
    for (const child of Object.values(value)) visit(child)
  }
  visit(program)
  return found
}
