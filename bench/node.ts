/**
 * `npm run bench:node`: the node endpoint against direct anvil and against its peer, HAProxy
 * relaying to the same anvil (issue 31), in one run:
 * 1. `eth_getLogs` returning 10,000 logs: sequential latency p50/p95, anvil and the endpoint
 *    alternating request by request (target ≤ 1.15× direct).
 * 2. `eth_getBalance` of 256 accounts in turn (no two calls in flight the same): anvil, HAProxy and
 *    the endpoint one call at a time (added latency at p50, target ≤ 1.5× HAProxy's) and at
 *    concurrency 32 (throughput, target ≥ 1.0× HAProxy's), the three alternating; then the same
 *    `eth_getBalance` asked by 32 clients at once (target ≥ 1.5× HAProxy's: the endpoint's shared
 *    reads). With the CPU per request of anvil, the endpoint, HAProxy and this client.
 * The floors beside them in the same rounds: a bare node:http proxy and a bare proxy on the
 * endpoint's pipelined connections (`bench/lib/bareProxy.ts`), doing nothing but relaying: the
 * least any Node.js endpoint costs; and for the same read, a bare node:http server answering its
 * bytes from memory: the most any endpoint on node:http's server can serve. Beside those, the
 * JSON-RPC floors, started with the endpoint's node flags: the pipelined relay that parses each
 * call and the node's answer, and the fixed answer that parses each call and answers under its id,
 * the least an endpoint that reads the calls it relays does.
 * The endpoint runs as its own process (`src/endpoint/cli.ts --upstream <anvil> --log-level warn`),
 * as `npm run node` runs it, so the benchmark client does not share its event loop.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAnvil } from '../src/endpoint/index.ts'
import { endpointNodeFlags } from '../src/endpoint/nodeFlags.ts'
import { deployEmitter, emitLogs, hex } from '../src/endpoint/testSupport.ts'
import {
  type BenchProcess,
  concurrency,
  format,
  spawnBenchEndpoint,
  spawnServing,
} from './lib/endpointBench.ts'
import { createPoster, measurePairedLatency } from './lib/measure.ts'
import {
  compareWithPeer,
  type FloorKind,
  printPeerComparison,
  startHaproxyRelay,
} from './lib/peerComparison.ts'

const logIterations = Number(process.env.BENCH_LOG_ITERATIONS ?? 100)
const latencyIterations = Number(process.env.BENCH_LATENCY_ITERATIONS ?? 1000)
const latencyWarmup = Number(process.env.BENCH_LATENCY_WARMUP ?? 1000)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 6000)
const throughputRounds = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3)
/**
 * Load before the throughput is measured, shared by the three ways. The endpoint's first ~20,000
 * calls cost it up to 4× more CPU than the later ones (V8 compiling its hot path, in this
 * process's own threads), so a shorter warm-up measures start-up.
 */
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 8000)

/** 256 accounts, one read each in turn. */
const accounts = Array.from(
  { length: 256 },
  (_, index) => `0x${(0x1000 + index).toString(16).padStart(40, '0')}`,
)
const balanceOf = (account: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [account, 'latest'] })

async function main(): Promise<void> {
  const anvil = await startAnvil()
  const anvilUrl = anvil.rpcUrl
  const endpoint = await spawnBenchEndpoint(['--upstream', anvilUrl])
  const haproxy = await startHaproxyRelay(anvilUrl)
  const bareNodeHttp = await spawnServing('bench/lib/bareProxy.ts', ['node-http', anvilUrl])
  const barePipelined = await spawnServing('bench/lib/bareProxy.ts', ['pipelined', anvilUrl])
  const jsonFloor = await spawnServing(
    'bench/lib/bareProxy.ts',
    ['json', anvilUrl, 'eip155'],
    endpointNodeFlags,
  )
  const scratch = mkdtempSync(join(tmpdir(), 'bench-node-'))
  let bareFixed: BenchProcess | undefined
  let jsonFixed: BenchProcess | undefined
  try {
    const emitter = await deployEmitter(anvilUrl)
    const block = await emitLogs(anvilUrl, emitter, 10_000)
    const logsBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [{ address: emitter, fromBlock: hex(block), toBlock: hex(block) }],
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

    const relayed = createPoster(haproxy.httpUrl, concurrency)
    const sameRead = balanceOf(accounts[0] as string)
    const sameAnswer = join(scratch, 'same-read.json')
    writeFileSync(sameAnswer, await direct.post(sameRead))
    bareFixed = await spawnServing('bench/lib/bareProxy.ts', ['fixed', sameAnswer])
    jsonFixed = await spawnServing(
      'bench/lib/bareProxy.ts',
      ['json-fixed', sameAnswer, 'eip155'],
      endpointNodeFlags,
    )
    const floorSide = (name: string, bare: BenchProcess, kind: FloorKind = 'relay') => ({
      name,
      poster: createPoster(bare.httpUrl, concurrency),
      pid: bare.pid,
      kind,
    })
    const sameReadFloors = [
      floorSide('bare fixed-answer server', bareFixed, 'memory'),
      floorSide('JSON-RPC fixed-result server', jsonFixed, 'memory'),
    ]
    const floors = [
      floorSide('bare node:http proxy', bareNodeHttp),
      floorSide('bare pipelined proxy', barePipelined),
      floorSide('JSON-RPC pipelined proxy', jsonFloor, 'json'),
    ]
    const peerParameters = {
      latencyIterations,
      latencyWarmup,
      throughputMs,
      rounds: throughputRounds,
      warmupMs,
    }
    const sides = {
      direct: { name: 'anvil', poster: direct, pid: anvil.pid },
      haproxy: { name: 'HAProxy', poster: relayed, pid: haproxy.pid },
      endpoint: { name: 'endpoint', poster: proxied, pid: endpoint.pid },
      floors,
      sameReadFloors,
    }
    const peer = await compareWithPeer({
      ...peerParameters,
      sides,
      distinctReads: accounts.map(balanceOf),
      sameRead,
      pids: {
        anvil: anvil.pid,
        endpoint: endpoint.pid,
        haproxy: haproxy.pid,
        ...Object.fromEntries([...floors, ...sameReadFloors].map(({ name, pid }) => [name, pid])),
        client: process.pid,
      },
    })

    direct.close()
    proxied.close()
    relayed.close()
    for (const { poster } of [...floors, ...sameReadFloors]) poster.close()

    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    console.log(`machine: ${cpus().length} logical CPUs, ${cpu}, Node ${process.version}`)
    console.log(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} (1, 5, 15 min; the ways alternate, so other load weighs on each alike)`,
    )
    console.log(`\neth_getLogs, 10,000 logs (ms, sequential, ${logIterations} each, alternating)`)
    console.log(`  anvil     p50 ${format(directLogs.p50)}  p95 ${format(directLogs.p95)}`)
    console.log(`  endpoint  p50 ${format(endpointLogs.p50)}  p95 ${format(endpointLogs.p95)}`)
    console.log(
      `  ratio     p50 ${format(endpointLogs.p50 / directLogs.p50, 2)}×  p95 ${format(endpointLogs.p95 / directLogs.p95, 2)}×  (target ≤ 1.15×)`,
    )
    printPeerComparison('eth_getBalance', sides, peer, peerParameters)
  } finally {
    haproxy.stop()
    bareNodeHttp.stop()
    barePipelined.stop()
    jsonFloor.stop()
    bareFixed?.stop()
    jsonFixed?.stop()
    rmSync(scratch, { recursive: true, force: true })
    endpoint.stop()
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
