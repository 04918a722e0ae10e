import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const srcDir = new URL('../..', import.meta.url).pathname
/** The one file that builds errors pages get (STYLE.md: like viem's `errors/rpc.ts`). */
const errorsFile = join(srcDir, 'core/rpc/errors.ts')

/** Every TypeScript file of `src`, tests included, but not this one (it names the pattern). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    if (!/\.tsx?$/.test(entry.name) || path === new URL(import.meta.url).pathname) return []
    return [path]
  })
}

/** How many times `source` builds an `RpcError` itself (comments are not read). */
function rpcErrorsBuilt(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1')
  return [...code.matchAll(/\bnew\s+RpcError\s*\(/g)].length
}

describe('every error a page can get is built in core/rpc/errors.ts', () => {
  it('no other file of src builds an RpcError: they call its named constructors', () => {
    const builders = sources(srcDir)
      .filter((file) => file !== errorsFile && rpcErrorsBuilt(readFileSync(file, 'utf8')) > 0)
      .map((file) => relative(srcDir, file))
    expect(builders).toEqual([])
  })

  it('the check catches a code built in place, and not one named in a comment', () => {
    expect(rpcErrorsBuilt("throw new RpcError(5720, 'Duplicate ID')")).toBe(1)
    expect(rpcErrorsBuilt('new RpcError(\n  -32005,\n  `full`,\n)')).toBe(1)
    expect(rpcErrorsBuilt('/** `5730`: see new RpcError(5730, …) in errors.ts */')).toBe(0)
    expect(rpcErrorsBuilt(readFileSync(errorsFile, 'utf8'))).toBeGreaterThan(30)
  })
})
