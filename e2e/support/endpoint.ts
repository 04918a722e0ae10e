/**
 * The node endpoint (DESIGN §5, §8), run the way a user runs it: its CLI (`tsx src/endpoint/cli.ts`,
 * what `npm run node` runs) as a child process, with `--json` so its ready line tells the addresses
 * it bound (`--port 0`: a free port) and those of its embedded node: anvil (for mining and
 * deploying), or with `network: 'solana'` Surfpool (`startSolanaEndpoint`, `surfpoolOf`).
 * Only the endpoint's shared type comes from `src` (DESIGN §1): the ready line is the contract,
 * checked here as it is read (docs/endpoint.md).
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { RunningEndpoint as EndpointDescription } from '../../src/endpoint/index.ts'
import { endpointNodeFlags } from '../../src/endpoint/nodeFlags.ts'

export type StartEndpointOptions = {
  /** `eip155` (default) or `solana` (`--network`). */
  network?: 'eip155' | 'solana'
  /** `0` picks a free port. Default the CLI's: 8545, or 8899 for Solana. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Default `['dev']`. */
  apiKeys?: string[]
  /** HTTP(S) URL of an upstream node; without it the CLI spawns an anvil. */
  upstream?: string
  /** Chain id of the embedded anvil (not with `upstream`). Default 31337. */
  chainId?: number
  /** Default `silent`; other levels pass the endpoint's log lines on to this process's stdout. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug'
  /** `json` (pino lines, the default) or `text` (one readable line each). */
  logFormat?: 'json' | 'text'
  /** How long the CLI may take to announce readiness. Default 60,000 ms. */
  readyTimeoutMs?: number
}

/** The endpoint's own description of itself (a shared type), plus the CLI's process. */
export type RunningEndpoint = Omit<EndpointDescription, 'close'> & {
  /** The CLI's process id (the endpoint runs in it). */
  pid: number
  /** Stops the CLI (SIGTERM to its process group) and waits until it and its anvil are gone. */
  close(): Promise<void>
}

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))
const tsxBinary = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const cliPath = fileURLToPath(new URL('../../src/endpoint/cli.ts', import.meta.url))

/** How long a stopping endpoint gets before its process group is killed. */
const stopGraceMs = 10_000

/** Process groups of endpoints still running: killed if this process exits without closing them. */
const runningGroups = new Set<number>()
let exitHookInstalled = false

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => {
    for (const group of runningGroups) signalGroup(group, 'SIGKILL')
  })
}

/** Sends `signal` to a process group; false when the group no longer exists. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal)
    return true
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ESRCH') return false
    throw error
  }
}

/**
 * Starts the node endpoint's CLI, silent unless told otherwise; with `port: 0` on a free port.
 * Resolves on its ready line; rejects (with its output) when it exits or stays silent before that.
 */
export async function startNodeEndpoint(
  options: StartEndpointOptions = {},
): Promise<RunningEndpoint> {
  const logLevel = options.logLevel ?? 'silent'
  const args = [
    ...endpointNodeFlags,
    cliPath,
    '--json',
    '--stop-on-stdin-close',
    '--log-level',
    logLevel,
  ]
  if (options.logFormat !== undefined) args.push('--log-format', options.logFormat)
  if (options.network !== undefined) args.push('--network', options.network)
  if (options.port !== undefined) args.push('--port', String(options.port))
  if (options.host !== undefined) args.push('--host', options.host)
  for (const key of options.apiKeys ?? []) args.push('--api-key', key)
  if (options.upstream !== undefined) args.push('--upstream', options.upstream)
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId))

  // Its own process group: one signal reaches tsx, the endpoint and anvil. stdin stays open as a
  // lifeline: should this process die without closing, the endpoint sees stdin end and stops.
  const child = spawn(tsxBinary, args, {
    cwd: repositoryRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  })
  const group = child.pid
  if (group === undefined) {
    const failure = await new Promise<Error>((resolve) => child.once('error', resolve))
    throw new Error(`could not start the node endpoint CLI: ${failure.message}`)
  }
  installExitHook()
  runningGroups.add(group)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
  })

  let tail = ''
  const remember = (line: string) => {
    tail = `${tail}${line}\n`.slice(-4000)
  }
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    remember(chunk.trimEnd())
    process.stderr.write(chunk)
  })

  try {
    const ready = await waitForReadyLine(
      child,
      exited,
      options.readyTimeoutMs ?? 60_000,
      (line) => {
        remember(line)
        if (logLevel !== 'silent') process.stdout.write(`${line}\n`)
      },
    )
    let closing: Promise<void> | undefined
    return {
      network: ready.network,
      httpUrl: ready.http,
      wsUrl: ready.ws,
      origin: ready.origin,
      ...(ready.anvil ? { anvil: ready.anvil } : {}),
      ...(ready.surfpool ? { surfpool: ready.surfpool } : {}),
      upstreamUrl: ready.upstream,
      pid: ready.pid,
      close() {
        closing ??= stopGroup(group, exited)
        return closing
      },
    }
  } catch (error) {
    await stopGroup(group, exited)
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`${message}\nnode endpoint output:\n${tail.trim() || '(none)'}`)
  }
}

/** SIGTERM to the group, SIGKILL after the grace period; then nothing of the group may remain. */
async function stopGroup(group: number, exited: Promise<void>): Promise<void> {
  signalGroup(group, 'SIGTERM')
  const killer = setTimeout(() => signalGroup(group, 'SIGKILL'), stopGraceMs)
  await exited
  clearTimeout(killer)
  // tsx exits after the endpoint, which exits after its anvil: a survivor would be a bug of the CLI.
  if (signalGroup(group, 0)) {
    console.warn(`node endpoint: process group ${group} outlived the CLI; killing it`)
    signalGroup(group, 'SIGKILL')
  }
  runningGroups.delete(group)
}

type NodeAddresses = { rpcUrl: string; wsUrl: string; pid: number }

type ReadyLine = {
  network: 'eip155' | 'solana'
  surfpool?: NodeAddresses
  http: string
  ws: string
  origin: string
  upstream: string
  anvil: { rpcUrl: string; wsUrl: string; chainId: number; pid: number } | null
  pid: number
}

/** Reads the child's stdout up to its ready line; every other line goes to `onOtherLine`. */
function waitForReadyLine(
  child: ChildProcess,
  exited: Promise<void>,
  timeoutMs: number,
  onOtherLine: (line: string) => void,
): Promise<ReadyLine> {
  if (!child.stdout) throw new Error('the node endpoint CLI has no stdout pipe')
  const lines = createInterface({ input: child.stdout })
  return new Promise<ReadyLine>((resolve, reject) => {
    let announced = false
    const timer = setTimeout(
      () => reject(new Error(`the node endpoint CLI was not ready within ${timeoutMs} ms`)),
      timeoutMs,
    )
    lines.on('line', (line) => {
      let ready: ReadyLine | undefined
      try {
        ready = announced ? undefined : parseReadyLine(line)
      } catch (error) {
        clearTimeout(timer)
        reject(error)
        return
      }
      if (!ready) {
        onOtherLine(line)
        return
      }
      announced = true
      clearTimeout(timer)
      resolve(ready)
    })
    void exited.then(() => {
      clearTimeout(timer)
      reject(
        new Error(
          `the node endpoint CLI exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready`,
        ),
      )
    })
  })
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const isNodeAddresses = (value: unknown): value is NodeAddresses & Record<string, unknown> =>
  isRecord(value) &&
  isString(value.rpcUrl) &&
  isString(value.wsUrl) &&
  typeof value.pid === 'number'

/** The ready line (docs/endpoint.md), or undefined for any other line (a log line). */
function parseReadyLine(line: string): ReadyLine | undefined {
  if (!line.startsWith('{')) return undefined
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    if (error instanceof SyntaxError) return undefined // a log line that is not JSON
    throw error
  }
  if (!isRecord(value) || value.event !== 'ready') return undefined
  const { http, ws, origin, upstream, anvil, pid } = value
  const network = value.network === 'solana' ? 'solana' : 'eip155'
  const surfpool = value.surfpool
  let embedded: { surfpool?: NodeAddresses } = {}
  if (surfpool !== undefined) {
    if (!isNodeAddresses(surfpool)) throw new Error(`ready line has a malformed surfpool: ${line}`)
    embedded = { surfpool: { rpcUrl: surfpool.rpcUrl, wsUrl: surfpool.wsUrl, pid: surfpool.pid } }
  }
  if (!isString(http) || !isString(ws) || !isString(origin) || !isString(upstream)) {
    throw new Error(`ready line lacks http, ws, origin or upstream: ${line}`)
  }
  if (typeof pid !== 'number') throw new Error(`ready line lacks pid: ${line}`)
  if (anvil === null) return { network, ...embedded, http, ws, origin, upstream, anvil, pid }
  if (!isNodeAddresses(anvil) || typeof anvil.chainId !== 'number') {
    throw new Error(`ready line has a malformed anvil: ${line}`)
  }
  return {
    network,
    http,
    ws,
    origin,
    upstream,
    anvil: { rpcUrl: anvil.rpcUrl, wsUrl: anvil.wsUrl, chainId: anvil.chainId, pid: anvil.pid },
    pid,
  }
}

/** The endpoint's anvil, or an error saying the endpoint runs against another upstream. */
export function anvilOf(endpoint: RunningEndpoint): { rpcUrl: string; wsUrl: string } {
  if (!endpoint.anvil) {
    throw new Error(`the endpoint has no embedded anvil (upstream ${endpoint.upstreamUrl})`)
  }
  return endpoint.anvil
}

/**
 * A Solana endpoint (`npm run node -- --network solana`) in front of an embedded Surfpool, on a
 * free port unless told otherwise; its ready line gives Surfpool's addresses (`surfpoolOf`).
 */
export const startSolanaEndpoint = (
  options: Omit<StartEndpointOptions, 'network' | 'chainId'> = {},
): Promise<RunningEndpoint> => startNodeEndpoint({ port: 0, ...options, network: 'solana' })

/** The endpoint's Surfpool (to fund accounts, read directly), or an error naming its upstream. */
export function surfpoolOf(endpoint: RunningEndpoint): NodeAddresses {
  if (!endpoint.surfpool) {
    throw new Error(`the endpoint has no embedded Surfpool (upstream ${endpoint.upstreamUrl})`)
  }
  return endpoint.surfpool
}
