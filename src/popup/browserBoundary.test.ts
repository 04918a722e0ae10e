import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The files that may reach the platform: the port's type and its `chrome`-backed build. */
const boundary = ['popupPort.ts', 'chromePort.ts']
const platformGlobal = /\b(chrome|browser|window|navigator)\./

/** Every source file under `directory`, relative to it. */
const sourcesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((path) =>
    /\.tsx?$/.test(path),
  )

describe('the popup', () => {
  it('reaches chrome, window and navigator only through its port (popupPort.ts, chromePort.ts)', () => {
    const directory = import.meta.dirname
    const offenders = sourcesUnder(directory)
      .filter((path) => !boundary.includes(path))
      .flatMap((path) =>
        readFileSync(join(directory, path), 'utf8')
          .split('\n')
          .flatMap((line, index) => (platformGlobal.test(line) ? [`${path}:${index + 1}`] : [])),
      )
    expect(offenders).toEqual([])
  })
})
