/**
 * `npm run bench:solana`: the node endpoint (`--network solana`) against Surfpool direct, in one run
 * on the same Surfpool.
 * 1. `getBalance` and `getLatestBlockhash` one at a time: latency p50/p95 and the endpoint's
 *    overhead at p50 (target ≤ 0.3 ms), alternating call by call.
 * 2. The same at concurrency 32: requests/s (target ≥ 0.85× uncached) in rounds alternating between
 *    Surfpool and the endpoint, with the CPU per request of Surfpool, the endpoint and this client.
 * 3. `getBlock` of a finalized slot (an answer the endpoint caches) at concurrency 32 (target ≥ 3×).
 * The endpoint runs as its own process (`src/endpoint/cli.ts --network solana --upstream …`), as
 * `npm run node` runs it.
 */
import { cpus } from 'node:os'
import { startSurfpool } from '../src/endpoint/startSurfpool.ts'
import { result } from '../src/endpoint/testSupport.ts'
import {
  alternatingThroughput,
  concurrency,
  cpuLine,
  format,
  type RoundsResult,
  spawnBenchEndpoint,
} from './lib/endpointBench.ts'
import { createPoster, measurePairedLatency, measureThroughput } from './lib/measure.ts'

const latencyIterations = Number(process.env.BENCH_LATENCY_ITERATIONS ?? 1000)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 6000)
const throughputRounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3)
/** Load before the first throughput rounds (the endpoint's hot path compiles meanwhile). */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 8000)

const body = (method: string, params: unknown[] = []) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

async function main(): Promise<void> {
  const surfpool = await startSurfpool()
  const endpoint = await spawnBenchEndpoint([
    '--network',
    'solana',
    '--upstream',
    surfpool.rpcUrl,
    '--upstream-ws',
    surfpool.wsUrl,
  ])
  const direct = createPoster(surfpool.rpcUrl, concurrency)
  const proxied = createPoster(endpoint.httpUrl, concurrency)
  try {
    const payer = '11111111111111111111111111111111'
    const reads = [
      ['getBalance', body('getBalance', [payer])],
      ['getLatestBlockhash', body('getLatestBlockhash')],
    ] as const

    // A finalized slot with a block: its getBlock answer never changes, and the endpoint keeps it.
    let slot = 0
    for (let attempt = 0; attempt < 200 && slot === 0; attempt++) {
      const finalized = (await result(surfpool.rpcUrl, 'getSlot', [
        { commitment: 'finalized' },
      ])) as number
      const blocks = (await result(surfpool.rpcUrl, 'getBlocks', [
        Math.max(0, finalized - 10),
        finalized,
      ])) as number[]
      slot = blocks.at(-1) ?? 0
      if (slot === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const blockBody = body('getBlock', [slot, { maxSupportedTransactionVersion: 0 }])
    for (const poster of [direct, proxied]) {
      const answer = JSON.parse((await poster.post(blockBody)).toString()) as { result?: unknown }
      if (!answer.result) throw new Error(`getBlock ${slot} failed: ${JSON.stringify(answer)}`)
    }

    const latencies = []
    for (const [method, request] of reads) {
      latencies.push([
        method,
        await measurePairedLatency(direct, proxied, request, latencyIterations, 100),
      ] as const)
    }

    const pids = { surfpool: surfpool.pid, endpoint: endpoint.pid, client: process.pid }
    await measureThroughput(direct, reads[0][1], concurrency, warmupMs / 4)
    await measureThroughput(proxied, reads[0][1], concurrency, warmupMs)
    const throughputs = []
    for (const [method, request] of [
      ...reads,
      ['getBlock (finalized, cached)', blockBody],
    ] as const) {
      const rounds = (await alternatingThroughput(
        [direct, proxied],
        request,
        throughputMs,
        throughputRounds,
        pids,
      )) as [RoundsResult, RoundsResult]
      throughputs.push([method, rounds] as const)
    }

    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    console.log(`machine: ${cpus().length} logical CPUs, ${cpu}, Node ${process.version}`)
    for (const [method, [surfpoolLatency, endpointLatency]] of latencies) {
      console.log(
        `\n${method}, one at a time (ms, ${latencyIterations} each, alternating call by call)`,
      )
      console.log(
        `  Surfpool  p50 ${format(surfpoolLatency.p50, 3)}  p95 ${format(surfpoolLatency.p95, 3)}`,
      )
      console.log(
        `  endpoint  p50 ${format(endpointLatency.p50, 3)}  p95 ${format(endpointLatency.p95, 3)}`,
      )
      console.log(
        `  overhead  p50 ${format(endpointLatency.p50 - surfpoolLatency.p50, 3)} ms  (target ≤ 0.3 ms)`,
      )
    }
    for (const [method, [surfpoolRounds, endpointRounds]] of throughputs) {
      const target = method.startsWith('getBlock') ? '≥ 3×' : '≥ 0.85×'
      console.log(
        `\n${method}, concurrency ${concurrency}, ${throughputMs} ms each in ${throughputRounds} alternating rounds`,
      )
      console.log(
        `  Surfpool  ${format(surfpoolRounds.requestsPerSecond, 0)} req/s  p50 ${format(surfpoolRounds.p50, 2)} ms  p99 ${format(surfpoolRounds.p99, 2)} ms`,
      )
      console.log(
        `  endpoint  ${format(endpointRounds.requestsPerSecond, 0)} req/s  p50 ${format(endpointRounds.p50, 2)} ms  p99 ${format(endpointRounds.p99, 2)} ms`,
      )
      console.log(
        `  ratio     ${format(endpointRounds.requestsPerSecond / surfpoolRounds.requestsPerSecond, 2)}× throughput  (target ${target})`,
      )
      console.log(`  CPU ms per request, direct:       ${cpuLine(surfpoolRounds)}`)
      console.log(`  CPU ms per request, via endpoint: ${cpuLine(endpointRounds)}`)
    }
  } finally {
    direct.close()
    proxied.close()
    endpoint.stop()
    await surfpool.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
