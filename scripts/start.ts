/**
 * `npm start`: build the extension, start the node endpoints (EVM with an embedded anvil, Solana
 * with an embedded Surfpool), serve the demo dapp and open it in Chromium with the built extension
 * loaded. Ctrl-C (or SIGTERM, or closing the
 * browser) stops everything this started.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { parseArgs } from 'node:util'
import {
  type RunningEndpoint,
  startNodeEndpoint,
  startSolanaEndpoint,
} from '../e2e/support/endpoint.ts'
import {
  chromiumPath,
  hasDisplay,
  type LaunchedWallet,
  launchWallet,
} from '../e2e/support/launchWallet.ts'
import { type ServedDapp, serveDapp } from '../e2e/support/serveDapp.ts'
import { configureLocalDevnet, onboard, testMnemonic } from '../e2e/support/walletUi.ts'

const usage = `Usage: npm start -- [options]

Builds the extension (npm run build), starts the node endpoints — EVM with an embedded anvil
(chain 31337, the test mnemonic's accounts funded) and Solana with an embedded Surfpool —,
serves the demo dapp and opens it in Chromium with Aperture Canary loaded. Ctrl-C stops
everything it started.

Options:
  --port N        node endpoint port (default 8545: what the wallet's Local devnet uses)
  --solana-port N Solana endpoint port (default 8899: the Local Solana devnet's; with
                  --port 0, a free one too)
  --dapp-port N   demo dapp port (default: a free port)
  --headless      run Chromium headless (forced when there is no DISPLAY/WAYLAND_DISPLAY)
  --onboard       import the test mnemonic ("${testMnemonic}") with
                  password "correct horse battery staple" and point Local devnet at the endpoint
  --profile DIR   keep the Chromium profile in DIR (default: a fresh temporary one)
  --no-build      use the extension/ already built
  --log-requests  print a line per JSON-RPC call the endpoint answers (default: only its
                  warnings and errors, one line each)
  -h, --help      show this help

Environment: CHROMIUM_PATH (default /usr/bin/chromium).`

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '8545' },
    'solana-port': { type: 'string' },
    'dapp-port': { type: 'string', default: '0' },
    headless: { type: 'boolean', default: false },
    onboard: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'log-requests': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const defaultPort = 8545

/** The endpoints' logs at a terminal: readable lines, quiet unless --log-requests. */
const endpointLogs = {
  logLevel: options['log-requests'] ? 'info' : 'warn',
  logFormat: 'text',
} as const

function fail(message: string): never {
  console.error(`npm start: ${message}`)
  process.exit(1)
}

function parsePort(value: string, name: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    fail(`${name} must be a port number, got "${value}"`)
  return port
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const child = spawn(npm, ['run', 'build'], { stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    )
  })
}

/** Whether something already listens on host:port (checked before starting, for a clear message). */
function portInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'))
    probe.listen(port, host, () => probe.close(() => resolve(false)))
  })
}

async function main(): Promise<void> {
  if (options.help) {
    console.log(usage)
    return
  }
  const port = parsePort(options.port, '--port')
  const solanaPort = parsePort(
    options['solana-port'] ?? (port === 0 ? '0' : '8899'),
    '--solana-port',
  )
  const dappPort = parsePort(options['dapp-port'], '--dapp-port')
  const headless = options.headless || !hasDisplay()
  const host = '127.0.0.1'

  for (const taken of [port, solanaPort]) {
    if (taken !== 0 && (await portInUse(taken, host))) {
      fail(
        `port ${taken} on ${host} is already in use (another node endpoint, anvil or Surfpool?). ` +
          `Stop it, or run \`npm start -- --port 0 --onboard\` to use free ports and point the wallet's Local devnet at it.`,
      )
    }
  }

  if (!options['no-build']) await build()

  const started: {
    endpoint?: RunningEndpoint
    solana?: RunningEndpoint
    dapp?: ServedDapp
    wallet?: LaunchedWallet
  } = {}
  let stopping = false
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return
    stopping = true
    console.log(`\nStopping (${reason})…`)
    const results = await Promise.allSettled([
      started.wallet?.close(),
      started.dapp?.close(),
      started.endpoint?.close(),
      started.solana?.close(),
    ])
    for (const result of results) {
      if (result.status === 'rejected') console.error(`while stopping: ${String(result.reason)}`)
    }
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  try {
    ;[started.endpoint, started.solana] = await Promise.all([
      startNodeEndpoint({ port, host, ...endpointLogs }),
      startSolanaEndpoint({ port: solanaPort, host, ...endpointLogs }),
    ])
    started.dapp = await serveDapp({ port: dappPort })
    if (!options.headless && !hasDisplay()) {
      console.log('No display (DISPLAY/WAYLAND_DISPLAY unset): running Chromium headless.')
    }
    // A person's browser: every window at its own size (the wallet's popups 400 wide).
    started.wallet = await launchWallet({ headless, userDataDir: options.profile, viewport: null })
    const { wallet, endpoint, solana, dapp } = started
    wallet.context.on('close', () => void stop('the browser was closed'))

    if (options.onboard) {
      const popup = await onboard(wallet.context, wallet.popupUrl)
      await configureLocalDevnet(popup, endpoint)
    }
    const page = wallet.context.pages()[0] ?? (await wallet.context.newPage())
    // The demo dapp shows both endpoints it is told of (their head block and slot, live).
    await page.goto(
      `${dapp.url}?${new URLSearchParams({ evm: endpoint.httpUrl, solana: solana.httpUrl })}`,
    )

    const devnetNote =
      port === defaultPort || options.onboard
        ? ''
        : `\n  note: the wallet's Local devnet expects port ${defaultPort}; point it at ${endpoint.httpUrl} in Settings`
    console.log(`
Aperture is up${headless ? ' (headless Chromium)' : ''}:
  node endpoint   ${endpoint.httpUrl}
                  ${endpoint.wsUrl}
  upstream        ${endpoint.anvil ? `embedded anvil ${endpoint.anvil.rpcUrl}` : endpoint.upstreamUrl}
  solana endpoint ${solana.httpUrl}
                  ${solana.wsUrl}
  upstream        ${solana.surfpool ? `embedded Surfpool ${solana.surfpool.rpcUrl}` : solana.upstreamUrl}
  demo dapp       ${dapp.url}
  Chromium        ${chromiumPath}
  extension id    ${wallet.extensionId}
  popup           ${wallet.popupUrl}
  wallet          ${options.onboard ? 'onboarded with the test mnemonic' : 'not onboarded: open the popup and import or create one'}${devnetNote}

Press Ctrl-C to stop.`)
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`)
    await stop('start-up failed', 1)
  }
}

await main()
