/**
 * `npm run bench:node`: the node endpoint against direct anvil, in one run on the same anvil.
 * 1. `eth_getLogs` returning 10,000 logs: sequential latency p50/p95.
 * 2. `eth_getTransactionByBlockNumberAndIndex` at concurrency 32: requests/s, p50/p99, in rounds
 *    alternating between anvil and the endpoint (a burst of other load weighs on both alike), with
 *    the CPU per request of anvil, the endpoint and this client (where the time goes).
 * The endpoint runs as its own process (`src/endpoint/cli.ts --upstream <anvil> --log-level warn`),
 * as `npm run node` runs it, so the benchmark client does not share its event loop.
 */
import { cpus } from 'node:os'
import { startAnvil } from '../src/endpoint/index.ts'
import { deployEmitter, emitLogs, hex } from '../src/endpoint/testSupport.ts'
import {
  alternatingThroughput,
  concurrency,
  cpuLine,
  format,
  type RoundsResult,
  spawnBenchEndpoint,
} from './lib/endpointBench.ts'
import { createPoster, measurePairedLatency, measureThroughput } from './lib/measure.ts'

const logIterations = Number(process.env.BENCH_LOG_ITERATIONS ?? 100)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 6000)
const throughputRounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3)
/**
 * Load before the throughput is measured, on each side. The endpoint's first ~20,000 calls cost it
 * up to 4× more CPU than the later ones (V8 compiling its hot path, in this process's own threads:
 * 0.35 ms per call in the first second, ~0.08 ms after 7 s), so a shorter warm-up measures start-up.
 */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 8000)

async function main(): Promise<void> {
  const anvil = await startAnvil()
  const anvilUrl = anvil.rpcUrl
  const endpoint = await spawnBenchEndpoint(['--upstream', anvilUrl])
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
