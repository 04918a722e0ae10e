// @ts-check
/**
 * Runs before `npm start` and `npm test` (package.json): finds what the command needs and the machine
 * lacks, installs what it can — node_modules with `npm install`; as root on Debian/Ubuntu, Chromium,
 * Firefox ESR, redis-server and haproxy with apt-get — and otherwise stops with one line naming each missing
 * program and the command that installs it. Silent when nothing is missing. Plain Node.js, no
 * dependencies: node_modules may not exist yet.
 *
 * Usage: node scripts/setup/checkSetup.mjs start|test
 */
import { spawnSync } from 'node:child_process'
import { accessSync, constants, readFileSync, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  aptPackageOf,
  browserVariables,
  describeMissing,
  describeOldNode,
  planSetup,
  programsNeeded,
  systemFamily,
} from './planSetup.mjs'

/** @typedef {import('./planSetup.mjs').SetupCommand} SetupCommand */
/** @typedef {import('./planSetup.mjs').Machine} Machine */

/**
 * @typedef {object} CheckSetupOptions
 * @property {string} projectRoot where package.json and node_modules are
 * @property {NodeJS.ProcessEnv} env PATH, CHROMIUM_PATH, FIREFOX_PATH; passed on to npm and apt-get
 * @property {boolean} isRoot
 * @property {NodeJS.Platform} platform
 * @property {string | undefined} osRelease `/etc/os-release`'s text
 * @property {Record<import('./planSetup.mjs').Browser, string>} defaultBrowsers each browser when its
 *   variable is unset (`browserVariables`)
 * @property {string[]} systemDirectories the system's program directories: a program found there but
 *   not on PATH is named with its place; apt-get runs with them on its PATH
 * @property {(line: string) => void} say progress and the stopping line
 */

/** @param {string} path */
function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * @param {string} name
 * @param {string[]} directories
 */
function findIn(name, directories) {
  return directories.map((directory) => join(directory, name)).find(isExecutableFile)
}

/**
 * What is wrong with node_modules: absent, or a package of package.json missing or at another
 * version than the exact one pinned there.
 *
 * @param {string} projectRoot
 * @returns {string[]}
 */
export function findModuleProblems(projectRoot) {
  const modules = join(projectRoot, 'node_modules')
  if (!isDirectory(modules)) return ['node_modules is missing']
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'))
  /** @type {Record<string, string>} */
  const pinned = { ...manifest.dependencies, ...manifest.devDependencies }
  const problems = []
  for (const [name, wanted] of Object.entries(pinned)) {
    let installed
    try {
      installed = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version
    } catch {
      problems.push(`${name} is not installed`)
      continue
    }
    if (/^\d+\.\d+\.\d+/.test(wanted) && installed !== wanted) {
      problems.push(`${name} is ${installed}, package.json pins ${wanted}`)
    }
  }
  return problems
}

/** @param {string} path */
function isDirectory(path) {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/**
 * The machine as the command will meet it.
 *
 * @param {CheckSetupOptions} options
 * @returns {Machine}
 */
export function probeMachine(options) {
  const path = (options.env.PATH ?? '').split(delimiter).filter(Boolean)
  const outsidePath = options.systemDirectories.filter((directory) => !path.includes(directory))
  /** @param {'redis-server' | 'haproxy'} name */
  const program = (name) => {
    const onPath = findIn(name, path) !== undefined
    const elsewhere = onPath ? undefined : findIn(name, outsidePath)
    return elsewhere === undefined ? { onPath } : { onPath, elsewhere }
  }
  /** @param {import('./planSetup.mjs').Browser} browser */
  const browser = (browser) => {
    const fromEnvironment = options.env[browserVariables[browser].variable]
    const path = fromEnvironment || options.defaultBrowsers[browser]
    return { path, fromEnvironment: Boolean(fromEnvironment), executable: isExecutableFile(path) }
  }
  return {
    nodeVersion: process.version,
    system: systemFamily(options.platform, options.osRelease),
    isRoot: options.isRoot,
    hasAptGet: findIn('apt-get', path) !== undefined,
    moduleProblems: findModuleProblems(options.projectRoot),
    browsers: { chromium: browser('chromium'), 'firefox-esr': browser('firefox-esr') },
    programs: { 'redis-server': program('redis-server'), haproxy: program('haproxy') },
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {CheckSetupOptions} options
 */
function run(command, args, options) {
  const result = spawnSync(command, args, {
    cwd: options.projectRoot,
    env: {
      ...options.env,
      // apt-get and dpkg run their helpers (gpgv, dpkg-deb, ldconfig) from the system's directories.
      PATH: [options.env.PATH, ...options.systemDirectories].filter(Boolean).join(delimiter),
      DEBIAN_FRONTEND: 'noninteractive',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return result.status === 0
}

/**
 * Checks, installs what it may, and answers whether `command` can run (false: the line was said).
 *
 * @param {SetupCommand} command
 * @param {CheckSetupOptions} options
 * @returns {boolean}
 */
export function checkSetup(command, options) {
  const tooOld = describeOldNode(command, process.version)
  if (tooOld !== undefined) {
    options.say(tooOld)
    return false
  }
  let plan = planSetup(command, probeMachine(options))
  if (plan.npmInstall !== undefined) {
    options.say(`npm ${command}: installing dependencies with npm install (${plan.npmInstall})`)
    const npm = options.env.npm_execpath
    const installed = npm
      ? run(process.execPath, [npm, 'install', '--no-audit', '--no-fund'], options)
      : run('npm', ['install', '--no-audit', '--no-fund'], options)
    const problems = findModuleProblems(options.projectRoot)
    if (!installed || problems.length > 0) {
      options.say(
        `npm ${command}: npm install did not install what package.json pins (${problems.slice(0, 3).join('; ') || 'it failed'}): see its output above, then run npm ${command} again.`,
      )
      return false
    }
  }
  /** @type {import('./planSetup.mjs').Program[]} */
  let aptFailed = []
  if (plan.aptInstall.length > 0) {
    const packages = plan.aptInstall.map((program) => aptPackageOf[program])
    options.say(`npm ${command}: installing ${packages.join(', ')} with apt-get (running as root)`)
    // A failed update (no network to the mirrors) may still leave the packages installable from
    // the lists already there; the install says whether they were.
    run('apt-get', ['update', '-qq'], options)
    run('apt-get', ['install', '-y', '-qq', ...packages], options)
    aptFailed = plan.aptInstall
    plan = planSetup(command, probeMachine(options))
  }
  const missing = [...plan.aptInstall, ...plan.missing]
  if (missing.length > 0) {
    options.say(describeMissing(command, missing, probeMachine(options), aptFailed))
    return false
  }
  return true
}

/** @param {string} path */
function readIfPresent(path) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2]
  if (command !== 'start' && command !== 'test') {
    console.error(
      `usage: node scripts/setup/checkSetup.mjs ${Object.keys(programsNeeded).join('|')}`,
    )
    process.exit(2)
  }
  const ready = checkSetup(command, {
    projectRoot: fileURLToPath(new URL('../../', import.meta.url)),
    env: process.env,
    isRoot: process.getuid?.() === 0,
    platform: process.platform,
    osRelease: readIfPresent('/etc/os-release'),
    defaultBrowsers: {
      chromium: browserVariables.chromium.defaultPath,
      'firefox-esr': browserVariables['firefox-esr'].defaultPath,
    },
    // Debian keeps haproxy in /usr/sbin, which a user's PATH often lacks.
    systemDirectories: [
      '/usr/local/sbin',
      '/usr/local/bin',
      '/usr/sbin',
      '/usr/bin',
      '/sbin',
      '/bin',
    ],
    say: (line) => console.error(line),
  })
  process.exit(ready ? 0 : 1)
}
