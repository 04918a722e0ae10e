/**
 * Test and benchmark support: the endpoint as separate processes, the way an operator runs it
 * (`tsx src/endpoint/cli.ts`, i.e. `npm run node`), and HAProxy in front of them. Every process
 * listens on loopback on a free port and is stopped by `close()`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { findFreePort } from './findFreePort.ts'
import { isPortReachable } from './isPortReachable.ts'
import { endpointNodeFlags } from './nodeFlags.ts'
import type { ReadyLine } from './readyLine.ts'

const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

export type SpawnedEndpoint = {
  ready: ReadyLine
  /** Stops the process group (SIGTERM, SIGKILL after 10 s) and waits for it. */
  close(): Promise<void>
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name)
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error
    }
  }
  signal('SIGTERM')
  const killer = setTimeout(() => signal('SIGKILL'), 10_000)
  await exited
  clearTimeout(killer)
}

/** Runs `npm run node -- --port 0 --json --stop-on-stdin-close …args` and waits for its ready line. */
export async function spawnEndpoint(args: string[]): Promise<SpawnedEndpoint> {
  const child = spawn(
    tsx,
    [...endpointNodeFlags, cli, '--port', '0', '--json', '--stop-on-stdin-close', ...args],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk
  })
  const ready = await new Promise<ReadyLine>((resolve, reject) => {
    if (child.stdout) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('{"event":"ready"')) resolve(JSON.parse(line) as ReadyLine)
      })
    }
    child.once('exit', (code) => reject(new Error(`endpoint exited with ${code}: ${stderr}`)))
  })
  return { ready, close: () => stopGroup(child) }
}

export type RunningHaproxy = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  pid: number
  close(): Promise<void>
}

export type StartHaproxyOptions = {
  /**
   * Check each backend with `GET /healthz` (an endpoint's). Default true; false for a node, which
   * has no such route (the benchmarks' HAProxy in front of anvil or Surfpool).
   */
  healthCheck?: boolean
}

/**
 * Debian's HAProxy on a free loopback port, round-robin over `backends` (`http://host:port`
 * origins), checking each with `GET /healthz` (unless `healthCheck: false`); WebSocket upgrades pass through (docs/endpoint.md,
 * "Behind a load balancer", has the same configuration for operators).
 */
export async function startHaproxy(
  backends: string[],
  options: StartHaproxyOptions = {},
): Promise<RunningHaproxy> {
  const healthCheck = options.healthCheck ?? true
  const port = await findFreePort()
  const directory = await mkdtemp(join(tmpdir(), 'aperture-haproxy-'))
  const config = join(directory, 'haproxy.cfg')
  const servers = backends.map((origin, index) => {
    const { hostname, port: backendPort } = new URL(origin)
    return `  server endpoint${index} ${hostname}:${backendPort}${healthCheck ? ' check inter 1s' : ''}`
  })
  await writeFile(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  option http-keep-alive',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      'frontend rpc',
      `  bind 127.0.0.1:${port}`,
      '  default_backend endpoints',
      'backend endpoints',
      '  balance roundrobin',
      ...(healthCheck ? ['  option httpchk GET /healthz'] : []),
      // A request a dying endpoint never answered goes to the other one (filters are in Redis).
      '  retries 2',
      '  retry-on conn-failure empty-response',
      '  option redispatch',
      ...servers,
      '',
    ].join('\n'),
  )
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk
  })
  for (let attempt = 0; !(await isPortReachable(port)); attempt++) {
    if (child.exitCode !== null || attempt > 250) {
      child.kill('SIGKILL')
      throw new Error(`haproxy did not start: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await rm(directory, { recursive: true, force: true })
    },
  }
}
