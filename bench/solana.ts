/**
 * `npm run bench:solana`: the node endpoint (`--network solana`) against Surfpool direct and against
 * its peer, HAProxy relaying to the same Surfpool (issue 31), in one run, with the floor of any
 * Node.js endpoint beside it (`bench/lib/bareProxy.ts`).
 * 1. `getBalance` (256 accounts in turn) and `getLatestBlockhash` one at a time: latency p50/p95
 *    and the overhead at p50, every server in turn call by call, the floors beside the endpoint.
 * 2. The peer comparison (`bench/lib/peerComparison.ts`): `getBalance` of 256 accounts in turn (no
 *    two calls in flight the same) on Surfpool, HAProxy and the endpoint, one at a time (added
 *    latency at p50, target ≤ 1.5× HAProxy's) and at concurrency 32 (target ≥ 1.0× HAProxy's), the
 *    three alternating; then one `getBalance` asked by 32 clients at once (target ≥ 1.5× HAProxy's:
 *    the endpoint's shared reads). With the CPU per request of every process.
 * 3. `getBlock` of a finalized slot (an answer the endpoint caches) at concurrency 32 (target ≥ 3×),
 *    beside a server that answers the same bytes without any work (the floor of a cache hit): an
 *    empty local block, and the block that holds most of 200 SOL transfers (`BENCH_BUSY_TRANSFERS`).
 * The floors: a bare node:http proxy and a bare proxy on the endpoint's pipelined connections,
 * doing nothing else (no key, no parsing, no checks, no metrics); and the JSON-RPC floors, started
 * with the endpoint's node flags: that pipelined relay parsing each call and the node's answer, and
 * a server parsing each call and answering the same read's result under its id, the least an
 * endpoint that reads the calls it relays does. The endpoint runs as its own
 * process (`src/endpoint/cli.ts --network solana --upstream …`), as `npm run node` runs it; the
 * client is a lean keep-alive HTTP/1.1 client, one request at a time per connection
 * (`bench/lib/measure.ts`), the same for every server. Below every proxy: the round trip of a small
 * message between two processes over loopback, direct and through a process that only relays the
 * bytes (`bench/lib/loopbackFloor.ts`). `BENCH_LATENCY_ONLY=1` runs part 1 only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { toBase58 } from '../src/core/solana/base58.ts'
import { endpointNodeFlags } from '../src/endpoint/nodeFlags.ts'
import { startSurfpool } from '../src/endpoint/startSurfpool.ts'
import { result } from '../src/endpoint/testSupport.ts'
import { busyFinalizedBlock } from './lib/busySolanaBlock.ts'
import {
  alternatingThroughput,
  type BenchProcess,
  concurrency,
  cpuLine,
  format,
  type RoundsResult,
  spawnBenchEndpoint,
  spawnServing,
} from './lib/endpointBench.ts'
import { measureLoopbackFloor } from './lib/loopbackFloor.ts'
import {
  createPoster,
  type HttpPoster,
  type LatencyResult,
  measureAlternatingLatency,
  measureThroughput,
} from './lib/measure.ts'
import {
  compareWithPeer,
  type FloorKind,
  printPeerComparison,
  startHaproxyRelay,
} from './lib/peerComparison.ts'

const latencyIterations = Number(process.env.BENCH_LATENCY_ITERATIONS ?? 1000)
/**
 * Untimed calls to each server before the timed ones, per method. With 100, the method measured
 * first paid for the processes' JIT warm-up: `getBalance` (first) showed 0.1–0.4 ms more overhead
 * than `getLatestBlockhash`, and the other way round when their order was swapped.
 */
const latencyWarmup = Number(process.env.BENCH_LATENCY_WARMUP ?? 2000)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 6000)
const throughputRounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3)
/** SOL transfers sent for the busy block's `getBlock` (its block is the slot most of them landed in). */
const busyTransfers = Number(process.env.BENCH_BUSY_TRANSFERS ?? 200)
/** Load before the first throughput rounds (the endpoint's hot path compiles meanwhile). */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 8000)
/** `BENCH_LATENCY_ONLY=1`: the one-at-a-time part only (a minute instead of several). */
const latencyOnly = process.env.BENCH_LATENCY_ONLY === '1'

const body = (method: string, params: unknown[] = []) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

/** A server measured: Surfpool, the endpoint, or a floor (`bench/lib/bareProxy.ts`). */
type Side = { name: string; poster: HttpPoster; pid: number; kind?: FloorKind }

async function main(): Promise<void> {
  // Blocks on a 400 ms clock, as on Solana's clusters: Surfpool's own default makes one every few
  // tens of milliseconds, which spreads the busy block's transfers one or two per block.
  const surfpool = await startSurfpool({ slotTimeMs: 400 })
  const processes: BenchProcess[] = []
  const posters: HttpPoster[] = []
  const scratch = mkdtempSync(join(tmpdir(), 'bench-solana-'))
  const side = (name: string, url: string, pid: number, kind?: FloorKind): Side => {
    const poster = createPoster(url, concurrency)
    posters.push(poster)
    return { name, poster, pid, kind }
  }
  const serving = async (started: Promise<BenchProcess>) => {
    const running = await started
    processes.push(running)
    return running
  }
  try {
    const endpoint = await serving(
      spawnBenchEndpoint([
        '--network',
        'solana',
        '--upstream',
        surfpool.rpcUrl,
        '--upstream-ws',
        surfpool.wsUrl,
      ]),
    )
    const bareNodeHttp = await serving(
      spawnServing('bench/lib/bareProxy.ts', ['node-http', surfpool.rpcUrl]),
    )
    const barePipelined = await serving(
      spawnServing('bench/lib/bareProxy.ts', ['pipelined', surfpool.rpcUrl]),
    )
    const jsonFloor = await serving(
      spawnServing(
        'bench/lib/bareProxy.ts',
        ['json', surfpool.rpcUrl, 'solana'],
        endpointNodeFlags,
      ),
    )
    const direct = side('Surfpool', surfpool.rpcUrl, surfpool.pid)
    const proxied = side('endpoint', endpoint.httpUrl, endpoint.pid)
    const floors = [
      side('bare node:http proxy', bareNodeHttp.httpUrl, bareNodeHttp.pid),
      side('bare pipelined proxy', barePipelined.httpUrl, barePipelined.pid),
      side('JSON-RPC pipelined proxy', jsonFloor.httpUrl, jsonFloor.pid, 'json'),
    ]

    const haproxy = await serving(startHaproxyRelay(surfpool.rpcUrl))
    const relayed = side('HAProxy', haproxy.httpUrl, haproxy.pid)
    // 256 accounts, one read each in turn: no two calls in flight are the same.
    const accounts = Array.from({ length: 256 }, (_, index) =>
      toBase58(Uint8Array.from({ length: 32 }, (_, at) => (index * 31 + at * 7 + 1) % 256)),
    )
    const balances = accounts.map((account) => body('getBalance', [account]))
    const reads = [
      ['getBalance', balances],
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
    let cachedAnswer: Buffer = Buffer.alloc(0)
    for (const { poster } of [direct, proxied]) {
      cachedAnswer = await poster.post(blockBody)
      const answer = JSON.parse(cachedAnswer.toString()) as { result?: unknown }
      if (!answer.result) throw new Error(`getBlock ${slot} failed: ${JSON.stringify(answer)}`)
    }
    // A block with real work in it for the node (an empty local block costs it next to nothing).
    const busy = await busyFinalizedBlock(surfpool.rpcUrl, busyTransfers)
    const busyBlockBody = body('getBlock', [busy.slot, { maxSupportedTransactionVersion: 0 }])
    let busyAnswer: Buffer = Buffer.alloc(0)
    for (const { poster } of [direct, proxied]) {
      busyAnswer = await poster.post(busyBlockBody)
      const answer = JSON.parse(busyAnswer.toString()) as { result?: unknown }
      if (!answer.result) throw new Error(`getBlock ${busy.slot} failed: ${JSON.stringify(answer)}`)
    }
    // The floor of a cache hit: a server that answers those bytes to anything, without a lookup.
    const fixedServer = async (name: string, answer: Buffer) => {
      const answerFile = join(scratch, `${name}.json`)
      writeFileSync(answerFile, answer)
      const fixed = await serving(spawnServing('bench/lib/bareProxy.ts', ['fixed', answerFile]))
      return side(`bare fixed-answer server`, fixed.httpUrl, fixed.pid, 'memory')
    }
    const fixedFloor = await fixedServer('getBlock', cachedAnswer)
    const busyFixedFloor = await fixedServer('getBlock-busy', busyAnswer)
    // The same read's ceiling on node:http: its bytes from memory, to every client at once.
    const sameRead = body('getBalance', [accounts[0]])
    const sameAnswer = await direct.poster.post(sameRead)
    const sameReadFloor = await fixedServer('getBalance', sameAnswer)
    // The same read from memory, read as JSON-RPC: each call parsed, the result answered under its id.
    writeFileSync(join(scratch, 'getBalance-json.json'), sameAnswer)
    const jsonFixed = await serving(
      spawnServing(
        'bench/lib/bareProxy.ts',
        ['json-fixed', join(scratch, 'getBalance-json.json'), 'solana'],
        endpointNodeFlags,
      ),
    )
    const jsonFixedFloor = side(
      'JSON-RPC fixed-result server',
      jsonFixed.httpUrl,
      jsonFixed.pid,
      'memory',
    )

    const latencies: Array<readonly [string, readonly Side[], LatencyResult[]]> = []
    for (const [method, request] of reads) {
      const sides = [direct, proxied, relayed, ...floors]
      const measured = await measureAlternatingLatency(
        sides.map(({ poster }) => poster),
        request,
        latencyIterations,
        latencyWarmup,
      )
      latencies.push([method, sides, measured] as const)
    }
    const floor = await measureLoopbackFloor(latencyIterations * 2, latencyWarmup)

    const pids = {
      surfpool: surfpool.pid,
      endpoint: endpoint.pid,
      haproxy: haproxy.pid,
      ...Object.fromEntries([...floors, fixedFloor].map(({ name, pid }) => [name, pid])),
      'bare fixed-answer server (busy block)': busyFixedFloor.pid,
      'bare fixed-answer server (getBalance)': sameReadFloor.pid,
      'JSON-RPC fixed-result server': jsonFixed.pid,
      client: process.pid,
    }
    const throughputs: Array<readonly [string, readonly Side[], RoundsResult[]]> = []
    const peerParameters = {
      latencyIterations,
      latencyWarmup,
      throughputMs,
      rounds: throughputRounds,
      warmupMs,
    }
    const peerSides = {
      direct,
      haproxy: relayed,
      endpoint: proxied,
      floors,
      sameReadFloors: [sameReadFloor, jsonFixedFloor],
    }
    const peer = latencyOnly
      ? undefined
      : await compareWithPeer({
          ...peerParameters,
          sides: peerSides,
          distinctReads: balances,
          sameRead,
          pids,
        })
    if (!latencyOnly) {
      await measureThroughput(fixedFloor.poster, blockBody, concurrency, warmupMs / 4)
      await measureThroughput(busyFixedFloor.poster, busyBlockBody, concurrency, warmupMs / 4)
      for (const [method, request, sides] of [
        ['getBlock (finalized, cached)', blockBody, [direct, proxied, fixedFloor]],
        [
          `getBlock (finalized, ${busy.transactions} transfers, cached)`,
          busyBlockBody,
          [direct, proxied, busyFixedFloor],
        ],
      ] as const) {
        const rounds = await alternatingThroughput(
          sides.map(({ poster }) => poster),
          request,
          throughputMs,
          throughputRounds,
          pids,
        )
        throughputs.push([method, sides, rounds] as const)
      }
    }

    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    console.log(`machine: ${cpus().length} logical CPUs, ${cpu}, Node ${process.version}`)
    console.log(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} (1, 5, 15 min; other work on the machine weighs on every figure)`,
    )
    console.log(
      `\nloopback floor (bench/lib/loopbackFloor.ts, ${floor.direct.samples} round trips of 150 bytes each way)`,
    )
    console.log(
      `  between two processes     p50 ${format(floor.direct.p50, 3)}  p95 ${format(floor.direct.p95, 3)}`,
    )
    console.log(
      `  through a byte relay      p50 ${format(floor.relayed.p50, 3)}  p95 ${format(floor.relayed.p95, 3)}  one more process adds p50 ${format(floor.relayed.p50 - floor.direct.p50, 3)} ms (relay CPU ${format(floor.relayCpuMs, 3)} ms per round trip)`,
    )
    for (const [method, sides, measured] of latencies) {
      console.log(
        `\n${method}, one at a time (ms, ${latencyIterations} each, alternating call by call)`,
      )
      const base = measured[0] as LatencyResult
      for (const [index, { name }] of sides.entries()) {
        const { p50, p95 } = measured[index] as LatencyResult
        const overhead = index === 0 ? '' : `  overhead p50 ${format(p50 - base.p50, 3)} ms`
        console.log(`  ${name.padEnd(26)} p50 ${format(p50, 3)}  p95 ${format(p95, 3)}${overhead}`)
      }
    }
    if (peer) printPeerComparison('getBalance', peerSides, peer, peerParameters)
    for (const [method, sides, rounds] of throughputs) {
      const target = method.startsWith('getBlock') ? ' (target ≥ 3×)' : ''
      console.log(
        `\n${method}, concurrency ${concurrency}, ${throughputMs} ms each in ${throughputRounds} alternating rounds`,
      )
      const base = rounds[0] as RoundsResult
      for (const [index, { name }] of sides.entries()) {
        const measured = rounds[index] as RoundsResult
        const ratio =
          index === 0
            ? ''
            : `  ${format(measured.requestsPerSecond / base.requestsPerSecond, 2)}×${index === 1 ? target : ''}`
        console.log(
          `  ${name.padEnd(26)} ${format(measured.requestsPerSecond, 0)} req/s  p50 ${format(measured.p50, 2)} ms  p99 ${format(measured.p99, 2)} ms${ratio}`,
        )
        console.log(`  ${''.padEnd(26)} CPU ms per request: ${cpuLine(measured)}`)
      }
    }
  } finally {
    for (const poster of posters) poster.close()
    for (const running of processes) running.stop()
    await surfpool.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}
main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
