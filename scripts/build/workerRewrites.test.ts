import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rewriteDependency } from './firefoxLintRewrites.ts'
import { workerRewrites } from './workerRewrites.ts'

const require = createRequire(import.meta.url)

describe('workerRewrites', () => {
  it("gives the vault's library the very functions of `@metamask/utils` it calls", async () => {
    const [passworder] = workerRewrites
    if (passworder === undefined) throw new Error('no browser-passworder rewrite')
    const code = await readFile(passworder.file, 'utf8')
    const called = new Set([...code.matchAll(/utils_1\.(\w+)/g)].map((match) => match[1]))
    const narrow = require(
      resolve(dirname(passworder.file), /require\("([^"]+)"\)/.exec(passworder.to)?.[1] ?? ''),
    ) as Record<string, unknown>
    const whole = require('@metamask/utils') as Record<string, unknown>

    expect([...called].sort()).toEqual(['hasProperty', 'isPlainObject'])
    for (const name of called) {
      expect(typeof narrow[name as string]).toBe('function')
      expect(narrow[name as string]).toBe(whole[name as string])
    }
  })

  it("loads the phishing detector's fuzzy matcher at its first fuzzy check, with the same verdicts", async () => {
    const rewrite = workerRewrites.find(({ file }) => file.includes('eth-phishing-detect'))
    if (rewrite === undefined) throw new Error('no eth-phishing-detect rewrite')
    const code = rewriteDependency(rewrite.file, await readFile(rewrite.file, 'utf8'), [rewrite])
    const required: string[] = []
    const module = { exports: {} as unknown }
    new Function('require', 'module', 'exports', code ?? '')(
      (name: string) => {
        required.push(name)
        return require(name)
      },
      module,
      module.exports,
    )
    type Detector = { check(host: string): { type: string; match?: string } }
    const Lazy = module.exports as new (lists: object) => Detector
    const Eager = require(resolve(rewrite.file)) as new (lists: object) => Detector
    const lists = {
      version: 2,
      tolerance: 2,
      fuzzylist: ['metamask.io'],
      whitelist: [],
      blacklist: [],
    }

    expect(required).toEqual([])
    for (const host of ['metamask.io', 'metamaks.io', 'example.com']) {
      expect(new Lazy(lists).check(host)).toEqual(new Eager(lists).check(host))
    }
    expect(new Set(required)).toEqual(new Set(['fast-levenshtein']))
    expect(new Lazy(lists).check('metamaks.io')).toMatchObject({
      type: 'fuzzy',
      match: 'metamask.io',
    })
  })
})
