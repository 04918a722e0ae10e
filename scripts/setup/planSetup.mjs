// @ts-check
/**
 * What `npm start` and `npm test` need from the machine, and what to do when something is missing:
 * pure decisions over a description of the machine (`checkSetup.mjs` probes it and acts). Plain
 * JavaScript with no imports: it runs before `npm install` ever did.
 */

/** @typedef {'start' | 'test'} SetupCommand */
/** @typedef {'chromium' | 'firefox-esr'} Browser */
/** @typedef {Browser | 'redis-server' | 'haproxy'} Program */
/** @typedef {'debian' | 'ubuntu' | 'fedora' | 'macos' | 'other'} SystemFamily */

/**
 * @typedef {object} Machine
 * @property {string} nodeVersion `process.version`, e.g. `v20.20.2`
 * @property {SystemFamily} system
 * @property {boolean} isRoot
 * @property {boolean} hasAptGet `apt-get` is on PATH
 * @property {string[]} moduleProblems what is wrong with node_modules (empty: installed as locked)
 * @property {Record<Browser, { path: string, fromEnvironment: boolean, executable: boolean }>} browsers
 *   each browser at its variable's path (`browserVariables`) or its default one
 * @property {Record<'redis-server' | 'haproxy', { onPath: boolean, elsewhere?: string }>} programs
 *   `elsewhere`: an executable of that name outside PATH (`/usr/sbin` for a user on Debian)
 */

/**
 * @typedef {object} SetupPlan
 * @property {string | undefined} npmInstall why `npm install` must run first, if it must
 * @property {Program[]} aptInstall what to install with apt-get (as root on Debian/Ubuntu)
 * @property {Program[]} missing what is missing and will not be installed here
 */

/** @type {Record<SetupCommand, Program[]>} */
export const programsNeeded = {
  start: ['chromium'],
  test: ['chromium', 'firefox-esr', 'redis-server', 'haproxy'],
}

/**
 * The variable naming each browser's executable, and where it is when the variable is unset (read
 * by the e2e suites: `e2e/support/launchWallet.ts`, `e2e-firefox/support/launchFirefox.ts`).
 *
 * @type {Record<Browser, { variable: string, defaultPath: string, label: string }>}
 */
export const browserVariables = {
  chromium: { variable: 'CHROMIUM_PATH', defaultPath: '/usr/bin/chromium', label: 'Chromium' },
  'firefox-esr': {
    variable: 'FIREFOX_PATH',
    defaultPath: '/usr/bin/firefox-esr',
    label: 'Firefox ESR',
  },
}

/** The oldest Node.js the project runs on (package.json `engines`). */
export const minimumNodeMajor = 20

/** @type {Record<Program, string>} Debian's and Ubuntu's package of each program. */
export const aptPackageOf = {
  chromium: 'chromium',
  'firefox-esr': 'firefox-esr',
  'redis-server': 'redis-server',
  haproxy: 'haproxy',
}

/**
 * The family of a Linux system from `/etc/os-release` (`ID` and `ID_LIKE`), or of another platform.
 *
 * @param {NodeJS.Platform} platform
 * @param {string | undefined} osRelease the file's text, undefined when it is absent
 * @returns {SystemFamily}
 * @example systemFamily('linux', 'ID=debian\n') // 'debian'
 */
export function systemFamily(platform, osRelease) {
  if (platform === 'darwin') return 'macos'
  if (platform !== 'linux' || osRelease === undefined) return 'other'
  /** @param {string} key */
  const field = (key) => {
    const line = osRelease.split('\n').find((candidate) => candidate.startsWith(`${key}=`))
    return (line?.slice(key.length + 1) ?? '').replace(/["']/g, '').trim().split(/\s+/)
  }
  const names = [...field('ID'), ...field('ID_LIKE')]
  if (names.includes('ubuntu')) return 'ubuntu'
  if (names.includes('debian')) return 'debian'
  if (names.some((name) => ['fedora', 'rhel', 'centos'].includes(name))) return 'fedora'
  return 'other'
}

/**
 * What to do before `command` runs: `npm install` when node_modules is missing or differs from the
 * lock; as root on Debian/Ubuntu with apt-get, the missing programs' packages (the browsers only on
 * Debian: Ubuntu ships Chromium as a snap and has no firefox-esr package; never a browser whose
 * variable names another executable); everything else missing is for the user to install.
 *
 * @param {SetupCommand} command
 * @param {Machine} machine
 * @returns {SetupPlan}
 */
export function planSetup(command, machine) {
  const missing = programsNeeded[command].filter((program) => !isPresent(program, machine))
  const installsWithApt =
    machine.isRoot && machine.hasAptGet && ['debian', 'ubuntu'].includes(machine.system)
  /** @param {Program} program */
  const aptInstallable = (program) =>
    installsWithApt &&
    (isBrowser(program)
      ? !machine.browsers[program].fromEnvironment && machine.system === 'debian'
      : machine.programs[program].elsewhere === undefined)
  return {
    npmInstall:
      machine.moduleProblems.length > 0 ? machine.moduleProblems.slice(0, 3).join('; ') : undefined,
    aptInstall: missing.filter(aptInstallable),
    missing: missing.filter((program) => !aptInstallable(program)),
  }
}

/**
 * @param {Program} program
 * @param {Machine} machine
 */
function isPresent(program, machine) {
  return isBrowser(program)
    ? machine.browsers[program].executable
    : machine.programs[program].onPath
}

/**
 * @param {Program} program
 * @returns {program is Browser}
 */
function isBrowser(program) {
  return program in browserVariables
}

/**
 * The one line that stops `command` when Node.js is too old, or undefined.
 *
 * @param {SetupCommand} command
 * @param {string} nodeVersion
 * @returns {string | undefined}
 */
export function describeOldNode(command, nodeVersion) {
  const major = Number(/^v?(\d+)/.exec(nodeVersion)?.[1])
  if (major >= minimumNodeMajor) return undefined
  return `npm ${command}: needs Node.js ${minimumNodeMajor} or newer, this is ${nodeVersion}: install it from https://nodejs.org (or with nvm: nvm install ${minimumNodeMajor}), then run npm ${command} again.`
}

/**
 * The one line that stops `command`, naming each missing program and the command that installs it
 * on this system.
 *
 * @param {SetupCommand} command
 * @param {Program[]} missing not empty
 * @param {Machine} machine
 * @param {Program[]} [aptFailed] those apt-get was asked for and did not install
 * @returns {string}
 * @example
 * describeMissing('test', ['redis-server', 'haproxy'], debianUser)
 * // 'npm test: missing redis-server, haproxy. Install: sudo apt-get install -y redis-server haproxy — then run npm test again.'
 */
export function describeMissing(command, missing, machine, aptFailed = []) {
  const hints = []
  /** @type {Program[]} */
  const toInstall = []
  for (const program of missing) {
    const elsewhere = isBrowser(program) ? undefined : machine.programs[program].elsewhere
    if (aptFailed.includes(program)) {
      hints.push(`apt-get did not install ${aptPackageOf[program]} (see its output above)`)
    } else if (elsewhere !== undefined) {
      hints.push(
        `${program} is at ${elsewhere} but not on PATH: export PATH="$PATH:${elsewhere.slice(0, elsewhere.lastIndexOf('/'))}"`,
      )
    } else if (isBrowser(program) && machine.browsers[program].fromEnvironment) {
      const { variable, defaultPath, label } = browserVariables[program]
      hints.push(
        `${variable}=${machine.browsers[program].path} is not an executable: point it at ${label}, or unset it to use ${defaultPath}`,
      )
    } else {
      toInstall.push(program)
    }
  }
  if (toInstall.length > 0) hints.unshift(`Install: ${installCommand(toInstall, machine)}`)
  return `npm ${command}: missing ${missing.join(', ')}. ${hints.join('; ')} — then run npm ${command} again.`
}

/**
 * @param {Program[]} programs
 * @param {Machine} machine
 */
function installCommand(programs, machine) {
  const sudo = machine.isRoot ? '' : 'sudo '
  const browsers = programs.filter(isBrowser)
  const others = programs.filter((program) => !isBrowser(program))
  /** @param {Record<Browser, string>} commands each browser's install command */
  const installBrowsers = (commands) => browsers.map((browser) => commands[browser])
  switch (machine.system) {
    case 'debian':
      return `${sudo}apt-get install -y ${programs.map((program) => aptPackageOf[program]).join(' ')}`
    case 'ubuntu':
      return [
        ...installBrowsers({
          chromium: `${sudo}snap install chromium && export CHROMIUM_PATH=/snap/bin/chromium`,
          'firefox-esr': `${sudo}snap install firefox --channel=esr/stable && export FIREFOX_PATH=/snap/bin/firefox`,
        }),
        ...(others.length > 0 ? [`${sudo}apt-get install -y ${others.join(' ')}`] : []),
      ].join(' && ')
    case 'fedora':
      return [
        `${sudo}dnf install -y ${programs.map((program) => (program === 'firefox-esr' ? 'firefox' : program === 'redis-server' ? 'redis' : program)).join(' ')}`,
        ...installBrowsers({
          chromium: 'export CHROMIUM_PATH=/usr/bin/chromium-browser',
          'firefox-esr': 'export FIREFOX_PATH=/usr/bin/firefox',
        }),
      ].join(' && ')
    case 'macos':
      return [
        ...installBrowsers({
          chromium:
            'brew install --cask chromium && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium',
          'firefox-esr':
            'brew install --cask firefox@esr && export FIREFOX_PATH=/Applications/Firefox.app/Contents/MacOS/firefox',
        }),
        ...(others.length > 0
          ? [
              `brew install ${others.map((program) => (program === 'redis-server' ? 'redis' : program)).join(' ')}`,
            ]
          : []),
      ].join(' && ')
    default:
      return `${programs.join(', ')} with your system's package manager${browsers
        .map((browser) => {
          const { variable, defaultPath, label } = browserVariables[browser]
          return ` (then ${variable}=<${label} executable> unless it is ${defaultPath})`
        })
        .join('')}`
  }
}
