/**
 * `npm run bench:node`: the node endpoint against direct anvil, in one run on the same anvil.
 * 1. `eth_getLogs` returning 10,000 logs: sequential latency p50/p95.
 * 2. `eth_getTransactionByBlockNumberAndIndex` at concurrency 32: requests/s, p50/p99, in rounds
 *    alternating between anvil and the endpoint (a burst of other load weighs on both alike), with
 *    the CPU per request of anvil, the endpoint and this client (where the time goes).
 * The endpoint runs as its own process (`src/endpoint/cli.ts --upstream <anvil> --log-level warn`),
 * as `npm run node` runs it, so the benchmark client does not share its event loop.
 */
import { spawn } from 'node:child_process'
import { cpus } from 'node:os'
import { findFreePort } from '../src/endpoint/findFreePort.ts'
import { startAnvil } from '../src/endpoint/index.ts'
import { endpointNodeFlags } from '../src/endpoint/nodeFlags.ts'
import { deployEmitter, emitLogs, hex } from '../src/endpoint/testSupport.ts'
import { cpuMs } from './lib/cpu.ts'
import {
  createPoster,
  type HttpPoster,
  measurePairedLatency,
  measureThroughput,
  percentile,
} from './lib/measure.ts'

const logIterations = Number(process.env.BENCH_LOG_ITERATIONS ?? 100)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 6000)
const throughputRounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3)
/**
 * Load before the throughput is measured, on each side. The endpoint's first ~20,000 calls cost it
 * up to 4× more CPU than the later ones (V8 compiling its hot path, in this process's own threads:
 * 0.35 ms per call in the first second, ~0.08 ms after 7 s), so a shorter warm-up measures start-up.
 */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 8000)
const concurrency = 32

type RoundsResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  /** ms of CPU per request of each process named in `pids`. */
  cpuPerRequest: Record<string, number>
}

/**
 * Throughput of each poster over `rounds` rounds of `durationMs / rounds`, the posters alternating
 * round by round; with the CPU per request of `pids` while each poster was measured.
 */
async function alternatingThroughput(
  posters: HttpPoster[],
  body: string,
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
    for (const [index, poster] of posters.entries()) {
      const total = totals[index] as (typeof totals)[number]
      const before = await Promise.all(Object.values(pids).map((pid) => cpuMs([pid])))
      const result = await measureThroughput(poster, body, concurrency, durationMs / rounds)
      const after = await Promise.all(Object.values(pids).map((pid) => cpuMs([pid])))
      total.requests += result.requests
      total.ms += result.requests / (result.requestsPerSecond / 1000)
      total.latencies.push(...result.latencies)
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

const format = (value: number, digits = 1) => value.toFixed(digits)

/** Starts the endpoint CLI in front of `upstream`; resolves with its HTTP URL once it is ready. */
async function spawnEndpoint(
  upstream: string,
): Promise<{ httpUrl: string; pid: number; stop(): void }> {
  const port = await findFreePort()
  const child = spawn(
    process.execPath,
    [
      ...endpointNodeFlags,
      '--import',
      'tsx',
      'src/endpoint/cli.ts',
      '--port',
      String(port),
      '--upstream',
      upstream,
      '--log-level',
      'warn',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const httpUrl = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /HTTP\s+(\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`endpoint exited with ${code}: ${output}`)))
  })
  return { httpUrl, pid: child.pid as number, stop: () => child.kill('SIGTERM') }
}

async function main(): Promise<void> {
  const anvil = await startAnvil()
  const anvilUrl = anvil.rpcUrl
  const endpoint = await spawnEndpoint(anvilUrl)
  try {
    const emitter = await deployEmitter(anvilUrl)
    const block = await emitLogs(anvilUrl, emitter, 10_000)
    const logsBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [{ address: emitter, fromBlock: hex(block), toBlock: hex(block) }],
    })
    const transactionBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionByBlockNumberAndIndex',
      params: [hex(block), '0x0'],
    })

    const direct = createPoster(anvilUrl, concurrency)
    const proxied = createPoster(endpoint.httpUrl, concurrency)
    for (const [name, poster] of [
      ['anvil', direct],
      ['endpoint', proxied],
    ] as const) {
      const answer = JSON.parse((await poster.post(logsBody)).toString()) as { result: unknown[] }
      if (answer.result.length !== 10_000)
        throw new Error(`${name} returned ${answer.result.length} logs`)
    }

    const [directLogs, endpointLogs] = await measurePairedLatency(
      direct,
      proxied,
      logsBody,
      logIterations,
      3,
    )

    await measureThroughput(direct, transactionBody, concurrency, warmupMs)
    await measureThroughput(proxied, transactionBody, concurrency, warmupMs)
    const [directSmall, endpointSmall] = (await alternatingThroughput(
      [direct, proxied],
      transactionBody,
      throughputMs,
      throughputRounds,
      { anvil: anvil.pid, endpoint: endpoint.pid, client: process.pid },
    )) as [RoundsResult, RoundsResult]

    direct.close()
    proxied.close()

    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    console.log(`machine: ${cpus().length} logical CPUs, ${cpu}, Node ${process.version}`)
    console.log(`\neth_getLogs, 10,000 logs (ms, sequential, ${logIterations} each, alternating)`)
    console.log(`  anvil     p50 ${format(directLogs.p50)}  p95 ${format(directLogs.p95)}`)
    console.log(`  endpoint  p50 ${format(endpointLogs.p50)}  p95 ${format(endpointLogs.p95)}`)
    console.log(
      `  ratio     p50 ${format(endpointLogs.p50 / directLogs.p50, 2)}×  p95 ${format(endpointLogs.p95 / directLogs.p95, 2)}×  (target ≤ 1.15×)`,
    )
    console.log(
      `\neth_getTransactionByBlockNumberAndIndex, concurrency ${concurrency}, ${throughputMs} ms each in ${throughputRounds} alternating rounds after ${warmupMs} ms of warm-up`,
    )
    console.log(
      `  anvil     ${format(directSmall.requestsPerSecond, 0)} req/s  p50 ${format(directSmall.p50, 2)} ms  p99 ${format(directSmall.p99, 2)} ms`,
    )
    console.log(
      `  endpoint  ${format(endpointSmall.requestsPerSecond, 0)} req/s  p50 ${format(endpointSmall.p50, 2)} ms  p99 ${format(endpointSmall.p99, 2)} ms`,
    )
    console.log(
      `  ratio     ${format(endpointSmall.requestsPerSecond / directSmall.requestsPerSecond, 2)}× throughput  (target ≥ 0.85×)`,
    )
    const cpuLine = ({ cpuPerRequest }: RoundsResult) =>
      Object.entries(cpuPerRequest)
        .filter(([, ms]) => ms > 0.0005)
        .map(([name, ms]) => `${name} ${format(ms, 3)}`)
        .join(' · ')
    console.log(`  CPU ms per request, direct:       ${cpuLine(directSmall)}`)
    console.log(`  CPU ms per request, via endpoint: ${cpuLine(endpointSmall)}`)
  } finally {
    endpoint.stop()
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
