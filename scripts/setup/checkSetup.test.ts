/**
 * The check as `npm start` / `npm test` run it, on a machine made of a temporary directory: a
 * project without node_modules, a PATH holding only what the test puts there, and stand-ins for
 * npm and apt-get that record their arguments and install into that directory.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkSetup, findModuleProblems } from './checkSetup.mjs'

const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'

let machine: string
let bin: string
let project: string
let said: string[]

beforeEach(async () => {
  machine = await mkdtemp(join(tmpdir(), 'aperture-setup-'))
  bin = join(machine, 'bin')
  project = join(machine, 'project')
  await mkdir(bin)
  await mkdir(project)
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ dependencies: { left: '1.2.3' }, devDependencies: { right: '4.5.6' } }),
  )
  said = []
})

afterEach(async () => {
  await rm(machine, { recursive: true, force: true })
})

/** A shell script in the PATH directory. */
async function program(name: string, body = 'exit 0'): Promise<void> {
  await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`)
  await chmod(join(bin, name), 0o755)
}

/** apt-get that records its arguments and "installs" each package as a program in bin/. */
async function fakeAptGet(): Promise<void> {
  await program(
    'apt-get',
    [
      `echo "$@" >> ${join(machine, 'apt.log')}`,
      'if [ "$1" = install ]; then',
      '  for package in "$@"; do',
      '    case "$package" in -*|install) ;; *)',
      `      printf '#!/bin/sh\\n' > ${bin}/$package; /bin/chmod +x ${bin}/$package ;;`,
      '    esac',
      '  done',
      'fi',
    ].join('\n'),
  )
}

/** npm's CLI (`npm_execpath`): `install` writes the pinned packages into node_modules. */
async function fakeNpm(): Promise<string> {
  const path = join(machine, 'npm-cli.js')
  await writeFile(
    path,
    `const fs = require('node:fs')
fs.appendFileSync(${JSON.stringify(join(machine, 'npm.log'))}, process.argv.slice(2).join(' ') + '\\n')
for (const [name, version] of [['left', '1.2.3'], ['right', '4.5.6']]) {
  fs.mkdirSync('node_modules/' + name, { recursive: true })
  fs.writeFileSync('node_modules/' + name + '/package.json', JSON.stringify({ version }))
}`,
  )
  return path
}

function check(command: 'start' | 'test', overrides: { isRoot?: boolean; npm?: string } = {}) {
  return checkSetup(command, {
    projectRoot: project,
    env: { PATH: bin, ...(overrides.npm ? { npm_execpath: overrides.npm } : {}) },
    isRoot: overrides.isRoot ?? false,
    platform: 'linux',
    osRelease: debian,
    defaultBrowsers: { chromium: join(bin, 'chromium'), 'firefox-esr': join(bin, 'firefox-esr') },
    systemDirectories: [join(machine, 'sbin')],
    say: (line: string) => said.push(line),
  })
}

async function installModules(): Promise<void> {
  for (const [name, version] of [
    ['left', '1.2.3'],
    ['right', '4.5.6'],
  ] as const) {
    await mkdir(join(project, 'node_modules', name), { recursive: true })
    await writeFile(
      join(project, 'node_modules', name, 'package.json'),
      JSON.stringify({ version }),
    )
  }
}

describe('checkSetup', () => {
  it('runs npm install on a fresh clone, then goes on', async () => {
    await program('chromium')
    const npm = await fakeNpm()
    expect(check('start', { npm })).toBe(true)
    expect(await readFile(join(machine, 'npm.log'), 'utf8')).toBe('install --no-audit --no-fund\n')
    expect(said).toEqual([
      'npm start: installing dependencies with npm install (node_modules is missing)',
    ])
  })

  it('says nothing and goes on when everything is there', async () => {
    await installModules()
    await program('chromium')
    await program('firefox-esr')
    await program('redis-server')
    await program('haproxy')
    expect(check('test')).toBe(true)
    expect(said).toEqual([])
  })

  it('stops a user with one line naming the programs and the apt-get command', async () => {
    await installModules()
    await fakeAptGet()
    expect(check('test')).toBe(false)
    expect(said).toEqual([
      'npm test: missing chromium, firefox-esr, redis-server, haproxy. Install: sudo apt-get install -y chromium firefox-esr redis-server haproxy — then run npm test again.',
    ])
    await expect(readFile(join(machine, 'apt.log'), 'utf8')).rejects.toThrow('ENOENT')
  })

  it('names a program installed outside PATH instead of installing it again', async () => {
    await installModules()
    await fakeAptGet()
    await program('chromium')
    await program('firefox-esr')
    await program('redis-server')
    await mkdir(join(machine, 'sbin'))
    await writeFile(join(machine, 'sbin', 'haproxy'), '#!/bin/sh\n', { mode: 0o755 })
    expect(check('test', { isRoot: true })).toBe(false)
    expect(said).toEqual([
      `npm test: missing haproxy. haproxy is at ${machine}/sbin/haproxy but not on PATH: export PATH="$PATH:${machine}/sbin" — then run npm test again.`,
    ])
  })

  it('installs the missing programs with apt-get as root, then goes on', async () => {
    await installModules()
    await fakeAptGet()
    await program('redis-server')
    expect(check('test', { isRoot: true })).toBe(true)
    expect(await readFile(join(machine, 'apt.log'), 'utf8')).toBe(
      'update -qq\ninstall -y -qq chromium firefox-esr haproxy\n',
    )
    expect(said).toEqual([
      'npm test: installing chromium, firefox-esr, haproxy with apt-get (running as root)',
    ])
  })

  it('stops as root when apt-get did not install a package', async () => {
    await installModules()
    await program('apt-get', `echo "$@" >> ${join(machine, 'apt.log')}`)
    expect(check('start', { isRoot: true })).toBe(false)
    expect(said.at(-1)).toBe(
      'npm start: missing chromium. apt-get did not install chromium (see its output above) — then run npm start again.',
    )
  })
})

describe('findModuleProblems', () => {
  it('names a missing node_modules, a missing package and a package at another version', async () => {
    expect(findModuleProblems(project)).toEqual(['node_modules is missing'])
    await mkdir(join(project, 'node_modules', 'left'), { recursive: true })
    await writeFile(
      join(project, 'node_modules', 'left', 'package.json'),
      JSON.stringify({ version: '1.2.4' }),
    )
    expect(findModuleProblems(project)).toEqual([
      'left is 1.2.4, package.json pins 1.2.3',
      'right is not installed',
    ])
  })
})
