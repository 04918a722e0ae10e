import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  type DependencyRewrite,
  firefoxLintRewrites,
  rewriteDependency,
} from './firefoxLintRewrites.ts'
import { workerRewrites } from './workerRewrites.ts'

const lodashRoot: DependencyRewrite = {
  file: 'node_modules/lodash/lodash.js',
  from: "Function('return this')()",
  to: 'globalThis',
  count: 1,
  why: 'test',
}

describe('rewriteDependency', () => {
  it('rewrites the text of the file it names', () => {
    const code = "var root = freeGlobal || freeSelf || Function('return this')();"
    expect(rewriteDependency('/repo/node_modules/lodash/lodash.js', code, [lodashRoot])).toBe(
      'var root = freeGlobal || freeSelf || globalThis;',
    )
  })

  it('leaves every other file alone', () => {
    expect(
      rewriteDependency('/repo/src/background/index.ts', "Function('return this')()", [lodashRoot]),
    ).toBeNull()
  })

  it('fails the build when the text is not there as often as expected (a dependency changed)', () => {
    expect(() =>
      rewriteDependency('/repo/node_modules/lodash/lodash.js', 'var root = self;', [lodashRoot]),
    ).toThrow(`node_modules/lodash/lodash.js: expected 1 × "Function('return this')()", found 0`)
  })
})

describe('firefoxLintRewrites and workerRewrites', () => {
  it.each([...firefoxLintRewrites, ...workerRewrites])(
    'finds its text in the installed $file',
    async (rewrite) => {
      const code = await readFile(rewrite.file, 'utf8')
      const rewritten = rewriteDependency(`/repo/${rewrite.file}`, code, [rewrite])
      expect(rewritten).not.toContain(rewrite.from)
      expect(rewritten?.split(rewrite.to).length).toBe(rewrite.count + 1)
    },
  )

  it('leaves no innerHTML written from a value in React DOM', async () => {
    const [react] = firefoxLintRewrites
    if (react === undefined) throw new Error('no React DOM rewrite')
    const code = await readFile(react.file, 'utf8')
    const rewritten = rewriteDependency(react.file, code, [react]) ?? ''
    expect(rewritten.match(/\.innerHTML = (?!")/g)).toBeNull()
  })
})
