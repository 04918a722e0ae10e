import { describe, expect, it } from 'vitest'
import {
  describeMissing,
  describeOldNode,
  type Machine,
  planSetup,
  systemFamily,
} from './planSetup.mjs'

/** A Debian machine with everything `npm test` needs, as a user (not root). */
const complete: Machine = {
  nodeVersion: 'v20.20.2',
  system: 'debian',
  isRoot: false,
  hasAptGet: true,
  moduleProblems: [],
  browsers: {
    chromium: { path: '/usr/bin/chromium', fromEnvironment: false, executable: true },
    'firefox-esr': { path: '/usr/bin/firefox-esr', fromEnvironment: false, executable: true },
  },
  programs: { 'redis-server': { onPath: true }, haproxy: { onPath: true } },
}

type Program = 'chromium' | 'firefox-esr' | 'redis-server' | 'haproxy'

const without = (machine: Machine, ...absent: Program[]) => ({
  ...machine,
  browsers: {
    chromium: { ...machine.browsers.chromium, executable: !absent.includes('chromium') },
    'firefox-esr': {
      ...machine.browsers['firefox-esr'],
      executable: !absent.includes('firefox-esr'),
    },
  },
  programs: {
    'redis-server': { onPath: !absent.includes('redis-server') },
    haproxy: { onPath: !absent.includes('haproxy') },
  },
})

describe('planSetup', () => {
  it('plans nothing when everything is there', () => {
    expect(planSetup('test', complete)).toEqual({
      npmInstall: undefined,
      aptInstall: [],
      missing: [],
    })
  })

  it('runs npm install when node_modules is missing or differs from package.json', () => {
    const plan = planSetup('start', { ...complete, moduleProblems: ['node_modules is missing'] })
    expect(plan.npmInstall).toBe('node_modules is missing')
    const stale = planSetup('test', {
      ...complete,
      moduleProblems: ['a is not installed', 'b is 1.0.0, package.json pins 1.1.0', 'c', 'd'],
    })
    expect(stale.npmInstall).toBe('a is not installed; b is 1.0.0, package.json pins 1.1.0; c')
  })

  it('asks npm start only for Chromium, npm test also for Firefox ESR, redis-server and haproxy', () => {
    const bare = without(complete, 'chromium', 'firefox-esr', 'redis-server', 'haproxy')
    expect(planSetup('start', bare).missing).toEqual(['chromium'])
    expect(planSetup('test', bare).missing).toEqual([
      'chromium',
      'firefox-esr',
      'redis-server',
      'haproxy',
    ])
  })

  it('installs the missing packages with apt-get as root on Debian', () => {
    const root = { ...without(complete, 'chromium', 'firefox-esr', 'haproxy'), isRoot: true }
    expect(planSetup('test', root)).toEqual({
      npmInstall: undefined,
      aptInstall: ['chromium', 'firefox-esr', 'haproxy'],
      missing: [],
    })
  })

  it('installs nothing with apt-get as a user, without apt-get, or off Debian and Ubuntu', () => {
    const bare = without(complete, 'redis-server')
    expect(planSetup('test', bare).aptInstall).toEqual([])
    expect(planSetup('test', { ...bare, isRoot: true, hasAptGet: false }).aptInstall).toEqual([])
    expect(planSetup('test', { ...bare, isRoot: true, system: 'fedora' }).aptInstall).toEqual([])
    expect(planSetup('test', { ...bare, isRoot: true, system: 'fedora' }).missing).toEqual([
      'redis-server',
    ])
  })

  it('leaves the browsers to the user on Ubuntu (no apt packages) and when their variable names one', () => {
    const ubuntu = {
      ...without(complete, 'chromium', 'firefox-esr', 'haproxy'),
      isRoot: true,
      system: 'ubuntu',
    }
    expect(planSetup('test', ubuntu as Machine)).toEqual({
      npmInstall: undefined,
      aptInstall: ['haproxy'],
      missing: ['chromium', 'firefox-esr'],
    })
    const pointed = {
      ...without(complete, 'chromium', 'firefox-esr'),
      isRoot: true,
      browsers: {
        chromium: { path: '/opt/chromium/chrome', fromEnvironment: true, executable: false },
        'firefox-esr': { path: '/opt/firefox/firefox', fromEnvironment: true, executable: false },
      },
    }
    expect(planSetup('test', pointed).missing).toEqual(['chromium', 'firefox-esr'])
  })

  it('does not install a program that is there but off PATH', () => {
    const offPath = {
      ...complete,
      isRoot: true,
      programs: {
        ...complete.programs,
        haproxy: { onPath: false, elsewhere: '/usr/sbin/haproxy' },
      },
    }
    expect(planSetup('test', offPath)).toMatchObject({ aptInstall: [], missing: ['haproxy'] })
  })
})

describe('describeMissing', () => {
  it('names each program and the Debian command in one line', () => {
    const line = describeMissing('test', ['chromium', 'haproxy'], complete)
    expect(line).toBe(
      'npm test: missing chromium, haproxy. Install: sudo apt-get install -y chromium haproxy — then run npm test again.',
    )
    expect(line).not.toContain('\n')
  })

  it('gives the command of the system: Ubuntu, Fedora, macOS, others', () => {
    const missing = ['chromium', 'redis-server'] as const
    expect(describeMissing('test', [...missing], { ...complete, system: 'ubuntu' })).toContain(
      'Install: sudo snap install chromium && export CHROMIUM_PATH=/snap/bin/chromium && sudo apt-get install -y redis-server',
    )
    expect(describeMissing('test', [...missing], { ...complete, system: 'fedora' })).toContain(
      'Install: sudo dnf install -y chromium redis && export CHROMIUM_PATH=/usr/bin/chromium-browser',
    )
    expect(describeMissing('test', [...missing], { ...complete, system: 'macos' })).toContain(
      'Install: brew install --cask chromium && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium && brew install redis',
    )
    expect(describeMissing('start', ['chromium'], { ...complete, system: 'other' })).toBe(
      "npm start: missing chromium. Install: chromium with your system's package manager (then CHROMIUM_PATH=<Chromium executable> unless it is /usr/bin/chromium) — then run npm start again.",
    )
  })

  it('gives the command that installs Firefox ESR on each system', () => {
    const firefox = ['firefox-esr'] as const
    expect(describeMissing('test', [...firefox], complete)).toContain(
      'Install: sudo apt-get install -y firefox-esr',
    )
    expect(describeMissing('test', [...firefox], { ...complete, system: 'ubuntu' })).toContain(
      'Install: sudo snap install firefox --channel=esr/stable && export FIREFOX_PATH=/snap/bin/firefox',
    )
    expect(describeMissing('test', [...firefox], { ...complete, system: 'fedora' })).toContain(
      'Install: sudo dnf install -y firefox && export FIREFOX_PATH=/usr/bin/firefox',
    )
    expect(describeMissing('test', [...firefox], { ...complete, system: 'macos' })).toContain(
      'Install: brew install --cask firefox@esr && export FIREFOX_PATH=/Applications/Firefox.app/Contents/MacOS/firefox',
    )
    expect(describeMissing('test', [...firefox], { ...complete, system: 'other' })).toContain(
      "Install: firefox-esr with your system's package manager (then FIREFOX_PATH=<Firefox ESR executable> unless it is /usr/bin/firefox-esr)",
    )
  })

  it('drops sudo as root', () => {
    expect(describeMissing('test', ['haproxy'], { ...complete, isRoot: true })).toContain(
      'Install: apt-get install -y haproxy',
    )
  })

  it('says where a program off PATH is and a CHROMIUM_PATH or FIREFOX_PATH that is wrong', () => {
    const machine: Machine = {
      ...complete,
      browsers: {
        chromium: { path: '/opt/chrome', fromEnvironment: true, executable: false },
        'firefox-esr': { path: '/opt/firefox', fromEnvironment: true, executable: false },
      },
      programs: {
        ...complete.programs,
        haproxy: { onPath: false, elsewhere: '/usr/sbin/haproxy' },
      },
    }
    expect(describeMissing('test', ['chromium', 'haproxy'], machine)).toBe(
      'npm test: missing chromium, haproxy. CHROMIUM_PATH=/opt/chrome is not an executable: point it at Chromium, or unset it to use /usr/bin/chromium; haproxy is at /usr/sbin/haproxy but not on PATH: export PATH="$PATH:/usr/sbin" — then run npm test again.',
    )
    expect(describeMissing('test', ['firefox-esr'], machine)).toBe(
      'npm test: missing firefox-esr. FIREFOX_PATH=/opt/firefox is not an executable: point it at Firefox ESR, or unset it to use /usr/bin/firefox-esr — then run npm test again.',
    )
  })
})

describe('describeOldNode', () => {
  it('stops on Node.js older than 20 and lets 20 and later run', () => {
    expect(describeOldNode('start', 'v18.19.0')).toBe(
      'npm start: needs Node.js 20 or newer, this is v18.19.0: install it from https://nodejs.org (or with nvm: nvm install 20), then run npm start again.',
    )
    expect(describeOldNode('start', 'v20.0.0')).toBeUndefined()
    expect(describeOldNode('test', 'v24.1.0')).toBeUndefined()
  })
})

describe('systemFamily', () => {
  it('reads ID and ID_LIKE of /etc/os-release', () => {
    expect(systemFamily('linux', 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n')).toBe(
      'debian',
    )
    expect(systemFamily('linux', 'ID=ubuntu\nID_LIKE=debian\n')).toBe('ubuntu')
    expect(systemFamily('linux', 'ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe('ubuntu')
    expect(systemFamily('linux', 'ID="rocky"\nID_LIKE="rhel centos fedora"\n')).toBe('fedora')
    expect(systemFamily('linux', 'ID=alpine\n')).toBe('other')
    expect(systemFamily('linux', undefined)).toBe('other')
    expect(systemFamily('darwin', undefined)).toBe('macos')
  })
})
