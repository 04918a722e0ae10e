import { readFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { type ESTree, parseAst } from 'vite'

export type WorkerBundleReport = {
  /** The worker's files, from the manifest's `background.service_worker` along static imports. */
  files: string[]
  /** What would break in a service worker: `<file>: <what> at <code>`; empty when nothing. */
  hazards: string[]
}

/** Globals of a page that a service worker does not have. */
const pageGlobals: ReadonlySet<string> = new Set(['window', 'document'])

/** How much code a hazard quotes on each side of what it names. */
const quoteContext = 40

/**
 * Reads the built extension's service worker — the manifest's `background.service_worker` and every
 * file it imports statically — and reports what fails in a ServiceWorkerGlobalScope: a dynamic
 * `import()` (disallowed there; a lazily loaded chunk never loads), an import of a file outside the
 * extension, and a reference to `window` or `document` that is not guarded by a `typeof` check of
 * the same name (`typeof window < 'u' && window.x` is fine: libraries probe their environment so).
 * The bundle is minified, so a `window` left in it is the global, never a renamed local.
 */
export async function workerBundleHazards(extensionDirectory: string): Promise<WorkerBundleReport> {
  const manifest = JSON.parse(
    await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'),
  ) as {
    background?: { service_worker?: string }
  }
  const entry = manifest.background?.service_worker
  if (entry === undefined)
    return { files: [], hazards: ['manifest.json: no background.service_worker'] }

  const files: string[] = []
  const hazards: string[] = []
  const pending = [join(extensionDirectory, entry)]
  while (pending.length > 0) {
    const file = pending.shift() as string
    const name = relative(extensionDirectory, file)
    if (files.includes(name)) continue
    files.push(name)
    const code = await readFile(file, 'utf8')
    const found = moduleHazards(code)
    hazards.push(...found.hazards.map((hazard) => `${name}: ${hazard}`))
    for (const specifier of found.staticImports) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
        hazards.push(`${name}: imports ${specifier}, which is not a file of the extension`)
        continue
      }
      pending.push(join(dirname(file), specifier))
    }
  }
  return { files, hazards }
}

type ModuleHazards = { staticImports: string[]; hazards: string[] }

/** One module's static import specifiers and its hazards (see `workerBundleHazards`). */
export function moduleHazards(code: string): ModuleHazards {
  const program = parseAst(code)
  const staticImports: string[] = []
  const hazards: string[] = []
  const quote = (node: ESTree.Span): string =>
    code.slice(Math.max(0, node.start - quoteContext), node.end + quoteContext)

  for (const statement of program.body) {
    if (
      (statement.type === 'ImportDeclaration' ||
        statement.type === 'ExportAllDeclaration' ||
        statement.type === 'ExportNamedDeclaration') &&
      statement.source !== null
    ) {
      staticImports.push(String(statement.source.value))
    }
  }

  walk(program, [], (node, path) => {
    if (node.type === 'ImportExpression') hazards.push(`dynamic import at ${quote(node)}`)
    if (node.type === 'Identifier' && pageGlobals.has(node.name)) {
      if (isReference(path) && !isGuarded(node.name, path)) {
        hazards.push(`uses ${node.name} at ${quote(node)}`)
      }
    }
  })
  return { staticImports, hazards }
}

type Node = ESTree.Node
/** How a node was reached: each ancestor and the key of it that holds the next one. */
type Path = Array<{ node: Node; key: string }>

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string'

/** Calls `visit` on `node` and every node under it, depth first, with the way there. */
function walk(node: Node, path: Path, visit: (node: Node, path: Path) => void): void {
  visit(node, path)
  for (const [key, value] of Object.entries(node)) {
    const children: unknown[] = Array.isArray(value) ? value : [value]
    for (const child of children) {
      if (!isNode(child)) continue
      path.push({ node, key })
      walk(child, path, visit)
      path.pop()
    }
  }
}

/** Whether the identifier at the end of `path` reads a variable (not a property name or a key). */
function isReference(path: Path): boolean {
  const parent = path.at(-1)
  if (parent === undefined) return true
  const { node, key } = parent
  if (node.type === 'MemberExpression') return key === 'object' || node.computed
  if (node.type === 'Property') return key === 'value' || node.computed || node.shorthand
  if (node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') {
    return key !== 'key' || node.computed
  }
  return !(
    node.type === 'LabeledStatement' ||
    node.type === 'BreakStatement' ||
    node.type === 'ContinueStatement' ||
    node.type === 'ImportSpecifier' ||
    node.type === 'ExportSpecifier'
  )
}

/**
 * Whether a reference to `name` runs only after `typeof name` was checked: it is that `typeof`'s
 * operand, the right side of an `&&` whose left side checks it, or the consequent of a condition
 * (`?:`, `if`) that checks it.
 */
function isGuarded(name: string, path: Path): boolean {
  const parent = path.at(-1)?.node
  if (parent?.type === 'UnaryExpression' && parent.operator === 'typeof') return true
  return path.some(({ node, key }) => {
    if (node.type === 'LogicalExpression') {
      return node.operator === '&&' && key === 'right' && checksTypeof(node.left, name)
    }
    if (node.type === 'ConditionalExpression' || node.type === 'IfStatement') {
      return key === 'consequent' && checksTypeof(node.test, name)
    }
    return false
  })
}

function checksTypeof(expression: Node, name: string): boolean {
  let found = false
  walk(expression, [], (node) => {
    if (
      node.type === 'UnaryExpression' &&
      node.operator === 'typeof' &&
      node.argument.type === 'Identifier' &&
      node.argument.name === name
    ) {
      found = true
    }
  })
  return found
}
