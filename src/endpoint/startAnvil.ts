import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { findFreePort } from './findFreePort.ts'
import { superviseChild } from './superviseChild.ts'
import { withParentDeathSignal } from './withParentDeathSignal.ts'

/** anvil's standard test mnemonic: its ten accounts are funded with 10,000 ETH each. */
export const testMnemonic = 'test test test test test test test test test test test junk'

export type StartAnvilOptions = {
  /** `0` (the default) picks a free port. */
  port?: number
  /** Loopback by default. */
  host?: string
  chainId?: number
  mnemonic?: string
  /** Extra command-line arguments, e.g. `['--block-time', '1']`. */
  args?: string[]
  /** How long to wait for anvil to answer JSON-RPC. Default 30,000 ms. */
  readyTimeoutMs?: number
}

export type RunningAnvil = {
  rpcUrl: string
  wsUrl: string
  /** Its chain id (`--chain-id`). */
  chainId: number
  /** Its process id: supervisors and tests check with it that anvil is gone after a stop. */
  pid: number
  /** Stops anvil (SIGTERM, then SIGKILL after 3 s). Safe to call twice. */
  stop(): Promise<void>
}

/** What an endpoint tells of its embedded anvil (no `stop`: the endpoint owns its life). */
export type AnvilSummary = Omit<RunningAnvil, 'stop'>

/** The addresses, chain id and pid of a running anvil, for the endpoint's `RunningEndpoint`. */
export const summarizeAnvil = ({ rpcUrl, wsUrl, chainId, pid }: RunningAnvil): AnvilSummary => ({
  rpcUrl,
  wsUrl,
  chainId,
  pid,
})

/** The anvil binary of `@foundry-rs/anvil`'s platform package (no Node wrapper between us and it). */
export function resolveAnvilBinary(): string {
  const require = createRequire(import.meta.url)
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const executable = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)
    const binary = join(dirname(manifest), 'bin', executable)
    if (existsSync(binary)) return binary
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND'))
      throw error
  }
  const wrapper = join(dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs')
  if (existsSync(wrapper)) return wrapper
  throw new Error('anvil not found: run npm install (it installs @foundry-rs/anvil)')
}

/**
 * Spawns anvil (chain id 31337, the standard test mnemonic) on a free loopback port and resolves
 * once it answers `eth_chainId`. The process is killed when this Node process exits or dies.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<RunningAnvil> {
  const attempts = options.port ? 1 : 3
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await launch(options)
    } catch (error) {
      lastError = error
      if (!(error instanceof Error && /address already in use|os error 98/i.test(error.message)))
        break
    }
  }
  throw lastError
}

async function launch(options: StartAnvilOptions): Promise<RunningAnvil> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port || (await findFreePort(host))
  const chainId = options.chainId ?? 31337
  const args = [
    '--host',
    host,
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    options.mnemonic ?? testMnemonic,
    '--quiet',
    ...(options.args ?? []),
  ]
  // Killed with us even when we are killed outright (no exit hook runs then).
  const command = withParentDeathSignal(resolveAnvilBinary(), args)
  const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const { exited, stop } = superviseChild(child)

  let output = ''
  const keepTail = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000)
  }
  child.stdout?.on('data', keepTail)
  child.stderr?.on('data', keepTail)

  const spawnError = new Promise<never>((_resolve, reject) => child.once('error', reject))

  const hostInUrl = host.includes(':') ? `[${host}]` : host
  const rpcUrl = `http://${hostInUrl}:${port}`
  const wsUrl = `ws://${hostInUrl}:${port}`

  try {
    await Promise.race([
      waitUntilAnswering(rpcUrl, options.readyTimeoutMs ?? 30_000),
      spawnError,
      exited.then(() => {
        throw new Error(`anvil exited before answering: ${output.trim() || 'no output'}`)
      }),
    ])
  } catch (error) {
    await stop()
    throw error
  }
  if (child.pid === undefined) throw new Error('anvil answered but has no process id')
  return { rpcUrl, wsUrl, chainId, pid: child.pid, stop }
}

async function waitUntilAnswering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastProblem = 'no answer yet'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
        signal: AbortSignal.timeout(1000),
      })
      if (response.ok) return
      lastProblem = `HTTP ${response.status}`
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`anvil at ${url} did not answer within ${timeoutMs} ms (${lastProblem})`)
}
