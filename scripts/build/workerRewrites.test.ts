import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
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
})
