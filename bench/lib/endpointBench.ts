/**
 * What the node endpoint's benchmarks share (`bench/node.ts`, `bench/solana.ts`): the endpoint CLI
 * as its own process, throughput in rounds alternating between the node and the endpoint, with the
 * CPU per request of each process.
 */
import { spawn } from 'node:child_process'
import { findFreePort } from '../../src/endpoint/findFreePort.ts'
import { endpointNodeFlags } from '../../src/endpoint/nodeFlags.ts'
import { cpuMs } from './cpu.ts'
import { type Bodies, type HttpPoster, measureThroughput, percentile } from './measure.ts'

/** Clients at once in the throughput rounds. */
export const concurrency = 32

export type RoundsResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  /** ms of CPU per request of each process named in `pids`. */
  cpuPerRequest: Record<string, number>
}

/**
 * Throughput of each poster over `rounds` rounds of `durationMs / rounds`, the posters alternating
 * round by round, every other round in the reverse order; with the CPU per request of `pids` while
 * each poster was measured.
 */
export async function alternatingThroughput(
  posters: HttpPoster[],
  body: Bodies,
  durationMs: number,
  rounds: number,
  pids: Record<string, number>,
): Promise<RoundsResult[]> {
  const totals = posters.map(() => ({
    requests: 0,
    ms: 0,
    latencies: [] as number[],
    cpu: Object.fromEntries(Object.keys(pids).map((name) => [name, 0])),
  }))
  for (let round = 0; round < rounds; round++) {
    // Every other round in the reverse order, so that no poster always follows the same one
    // (a place in the order weighed up to 20 % at 32, docs/performance.md, issue 31).
    const inOrder = [...posters.entries()]
    for (const [index, poster] of round % 2 === 0 ? inOrder : inOrder.reverse()) {
      const total = totals[index] as (typeof totals)[number]
      const before = await Promise.all(Object.values(pids).map((pid) => cpuMs([pid])))
      const result = await measureThroughput(poster, body, concurrency, durationMs / rounds)
      const after = await Promise.all(Object.values(pids).map((pid) => cpuMs([pid])))
      total.requests += result.requests
      total.ms += result.requests / (result.requestsPerSecond / 1000)
      // Not push(...latencies): a fast round holds more samples than a call may take arguments.
      for (const latency of result.latencies) total.latencies.push(latency)
      Object.keys(pids).forEach((name, at) => {
        total.cpu[name] = (total.cpu[name] ?? 0) + (after[at] ?? 0) - (before[at] ?? 0)
      })
    }
  }
  return totals.map((total) => ({
    requestsPerSecond: (total.requests / total.ms) * 1000,
    p50: percentile(total.latencies, 50),
    p99: percentile(total.latencies, 99),
    cpuPerRequest: Object.fromEntries(
      Object.entries(total.cpu).map(([name, ms]) => [name, ms / total.requests]),
    ),
  }))
}

export const format = (value: number, digits = 1): string => value.toFixed(digits)

/** The CPU ms per request of each process that used any, as one line. */
export const cpuLine = ({ cpuPerRequest }: RoundsResult): string =>
  Object.entries(cpuPerRequest)
    .filter(([, ms]) => ms > 0.0005)
    .map(([name, ms]) => `${name} ${format(ms, 3)}`)
    .join(' · ')

/** A server process of the benchmark: its HTTP URL and pid, and how to stop it. */
export type BenchProcess = { httpUrl: string; pid: number; stop(): void }

/**
 * Starts `node [flags] --import tsx <script> <args>` and resolves with the URL of its first
 * `HTTP <url>` line on stdout (the endpoint's ready line, `bareProxy.ts`'s).
 */
export async function spawnServing(
  script: string,
  args: string[],
  flags: readonly string[] = [],
): Promise<BenchProcess> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const httpUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /HTTP\s+(\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)))
  })
  return { httpUrl, pid: child.pid as number, stop: () => child.kill('SIGTERM') }
}

/**
 * Starts the endpoint CLI (`--log-level warn`, a free port) with `args` (its upstream, its network);
 * resolves with its HTTP URL once it is ready.
 */
export async function spawnBenchEndpoint(args: string[]): Promise<BenchProcess> {
  const port = await findFreePort()
  return spawnServing(
    'src/endpoint/cli.ts',
    ['--port', String(port), ...args, '--log-level', 'warn'],
    endpointNodeFlags,
  )
}
