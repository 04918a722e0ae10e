import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Plugin, type Rolldown } from 'vite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inlineDynamicImports, staticDynamicImports } from './inlineDynamicImports.ts'

describe('staticDynamicImports', () => {
  it('makes a dynamic import of a literal a namespace imported statically', () => {
    const code = [
      "export { recover } from './recover.js'",
      'export async function curve() {',
      "  const { secp256k1 } = await import('@noble/curves/secp256k1')",
      '  return secp256k1',
      '}',
    ].join('\n')

    expect(staticDynamicImports(code)).toBe(
      [
        'import * as __aperture_import_0 from "@noble/curves/secp256k1";',
        "export { recover } from './recover.js'",
        'export async function curve() {',
        '  const { secp256k1 } = await Promise.resolve(__aperture_import_0)',
        '  return secp256k1',
        '}',
      ].join('\n'),
    )
  })

  it('gives each dynamic import its own namespace, template literals included', () => {
    const code = "export const both = () => Promise.all([import('./a.js'), import(`./b.js`)])"

    expect(staticDynamicImports(code)).toBe(
      [
        'import * as __aperture_import_0 from "./b.js";',
        'import * as __aperture_import_1 from "./a.js";',
        'export const both = () => Promise.all([Promise.resolve(__aperture_import_1), Promise.resolve(__aperture_import_0)])',
      ].join('\n'),
    )
  })

  it('leaves a computed specifier and an import with attributes as they are', () => {
    expect(
      staticDynamicImports("export const load = (name) => import('./' + name + '.js')"),
    ).toBeNull()
    expect(
      staticDynamicImports(
        "export const load = () => import('./a.json', { with: { type: 'json' } })",
      ),
    ).toBeNull()
  })

  it('leaves a module without import or export declarations alone (it may be CommonJS)', () => {
    expect(staticDynamicImports("module.exports = () => import('./a.js')")).toBeNull()
  })
})

describe('inlineDynamicImports', () => {
  let project: string

  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), 'aperture-inline-'))
    await writeFile(join(project, 'lazy.ts'), 'export const lazy: string = "lazy"\n')
    await writeFile(join(project, 'shared.ts'), 'export const shared = (): string => "shared"\n')
    await writeFile(
      join(project, 'worker.ts'),
      "import { shared } from './shared.ts'\nexport const load = async () => shared() + (await import('./lazy.ts')).lazy\n",
    )
    await writeFile(
      join(project, 'popup.ts'),
      "import { shared } from './shared.ts'\nexport const show = (): string => shared()\n",
    )
  })

  afterEach(async () => {
    await rm(project, { recursive: true, force: true })
  })

  /** The chunks of a build with two entries, as the extension's (several entries, shared code). */
  async function chunksOf(plugins: Plugin[]): Promise<Rolldown.OutputChunk[]> {
    const output = (await build({
      configFile: false,
      logLevel: 'silent',
      root: project,
      plugins,
      build: {
        write: false,
        minify: false,
        rolldownOptions: {
          input: { worker: join(project, 'worker.ts'), popup: join(project, 'popup.ts') },
          preserveEntrySignatures: 'exports-only',
        },
      },
    })) as Rolldown.RolldownOutput
    return output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  }

  it('leaves a build of several entries without a lazily loaded chunk', async () => {
    const withoutPlugin = await chunksOf([])
    expect(withoutPlugin.some((chunk) => chunk.isDynamicEntry)).toBe(true)

    const chunks = await chunksOf([inlineDynamicImports()])
    expect(chunks.some((chunk) => chunk.isDynamicEntry)).toBe(false)
    expect(
      chunks.filter((chunk) => chunk.code.includes('import(')).map((chunk) => chunk.fileName),
    ).toEqual([])
    const worker = chunks.find((chunk) => chunk.name === 'worker')
    expect(worker?.code).toContain('"lazy"')
  })
})
