/**
 * `npm run bench:scale` (issue 12), all in one run on one anvil:
 * 1. `eth_getFilterChanges` and `eth_blockNumber` at concurrency 64: one in-memory endpoint process
 *    against `--redis` with 1, 2 and 4 workers (requests/s, p99, ratios to the in-memory process).
 * 2. The response cache and the hot path against direct anvil: a small uncached call at
 *    concurrency 1 (p50 overhead), a cached small call at concurrency 32 (throughput ratio), and a
 *    cached finalized-range 10,000-log `eth_getLogs` (latency ratio).
 * Every endpoint runs as its own process (the CLI, `--log-level warn`); redis-server is Debian's.
 */
import { cpus } from 'node:os'
import { startAnvil } from '../src/endpoint/index.ts'
import { type SpawnedEndpoint, spawnEndpoint } from '../src/endpoint/spawnEndpoint.ts'
import { startRedisServer } from '../src/endpoint/state/startRedisServer.ts'
import { deployEmitter, emitLogs, hex, result } from '../src/endpoint/testSupport.ts'
import { cpuMs, pidsRunning } from './lib/cpu.ts'
import {
  createPoster,
  type HttpPoster,
  measurePairedLatency,
  measureThroughput,
  type ThroughputResult,
} from './lib/measure.ts'

const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 5000)
const latencyIterations = Number(process.env.BENCH_LATENCY_ITERATIONS ?? 500)
const logIterations = Number(process.env.BENCH_LOG_ITERATIONS ?? 40)
const workerCounts = [1, 2, 4]

const format = (value: number, digits = 1) => value.toFixed(digits)
const body = (method: string, params: unknown[]) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

async function throughput(url: string, request: string, concurrency: number) {
  const poster = createPoster(url, concurrency)
  try {
    await measureThroughput(poster, request, concurrency, Math.min(1000, throughputMs))
    return await measureThroughput(poster, request, concurrency, throughputMs)
  } finally {
    poster.close()
  }
}

/** What one setup's processes spent per request during a throughput run, in ms of CPU. */
type CpuPerRequest = { endpoint: number; anvil: number; redis: number }

/** `throughput()`, with the CPU per request of the endpoint's processes, anvil and redis-server. */
async function throughputWithCpu(
  url: string,
  request: string,
  concurrency: number,
  pids: { endpoint: number[]; anvil: number[]; redis: number[] },
): Promise<[ThroughputResult, CpuPerRequest]> {
  const poster = createPoster(url, concurrency)
  try {
    await measureThroughput(poster, request, concurrency, Math.min(1000, throughputMs))
    const before = await Promise.all([cpuMs(pids.endpoint), cpuMs(pids.anvil), cpuMs(pids.redis)])
    const measured = await measureThroughput(poster, request, concurrency, throughputMs)
    const after = await Promise.all([cpuMs(pids.endpoint), cpuMs(pids.anvil), cpuMs(pids.redis)])
    const per = (index: number) =>
      ((after[index] as number) - (before[index] as number)) / measured.requests
    return [measured, { endpoint: per(0), anvil: per(1), redis: per(2) }]
  } finally {
    poster.close()
  }
}

const cpuLine = (cpu: CpuPerRequest) =>
  `  CPU/request: endpoint ${format(cpu.endpoint, 3)} ms, anvil ${format(cpu.anvil, 3)} ms, redis ${format(cpu.redis, 3)} ms`

const line = (name: string, measured: ThroughputResult, baseline?: ThroughputResult) =>
  `  ${name.padEnd(22)} ${format(measured.requestsPerSecond, 0).padStart(6)} req/s  p99 ${format(measured.p99, 2).padStart(7)} ms${
    baseline ? `  ${format(measured.requestsPerSecond / baseline.requestsPerSecond, 2)}×` : ''
  }`

async function main(): Promise<void> {
  const anvil = await startAnvil()
  const redis = await startRedisServer()
  const started: SpawnedEndpoint[] = []
  const posters: HttpPoster[] = []
  try {
    const emitter = await deployEmitter(anvil.rpcUrl)
    const logBlock = await emitLogs(anvil.rpcUrl, emitter, 10_000)
    // anvil finalizes 64 blocks below its head: mine past it so the log block is final.
    await result(anvil.rpcUrl, 'anvil_mine', ['0x50'])
    const common = ['--upstream', anvil.rpcUrl, '--log-level', 'warn']

    // 1. Past one process.
    const memory = await spawnEndpoint(common)
    started.push(memory)
    const setups: Array<[string, SpawnedEndpoint]> = [['in memory, 1 process', memory]]
    for (const workers of workerCounts) {
      const endpoint = await spawnEndpoint([
        ...common,
        '--redis',
        redis.url,
        '--workers',
        String(workers),
      ])
      started.push(endpoint)
      setups.push([`redis, ${workers} worker${workers > 1 ? 's' : ''}`, endpoint])
    }
    const filterResults: ThroughputResult[] = []
    const smallResults: ThroughputResult[] = []
    const filterCpu: CpuPerRequest[] = []
    const smallCpu: CpuPerRequest[] = []
    const redisPids = await pidsRunning(['redis-server', `:${redis.port}`])
    for (const [, endpoint] of setups) {
      const pids = {
        // The CLI process (with --workers, the primary handing out connections) and its workers.
        endpoint: [endpoint.ready.pid, ...(endpoint.ready.workers ?? [])],
        anvil: [anvil.pid],
        redis: redisPids,
      }
      const id = await result(endpoint.ready.http, 'eth_newBlockFilter')
      const [filters, filtersCpu] = await throughputWithCpu(
        endpoint.ready.http,
        body('eth_getFilterChanges', [id]),
        64,
        pids,
      )
      filterResults.push(filters)
      filterCpu.push(filtersCpu)
      const [small, cpu] = await throughputWithCpu(
        endpoint.ready.http,
        body('eth_blockNumber', []),
        64,
        pids,
      )
      smallResults.push(small)
      smallCpu.push(cpu)
    }

    // 2. Cache and hot path, on the in-memory process.
    const direct = createPoster(anvil.rpcUrl, 32)
    const proxied = createPoster(memory.ready.http, 32)
    posters.push(direct, proxied)
    const small = body('eth_blockNumber', [])
    const [directSmall, proxiedSmall] = await measurePairedLatency(
      direct,
      proxied,
      small,
      latencyIterations,
      20,
    )
    const cachedCall = body('eth_getTransactionByBlockNumberAndIndex', [hex(logBlock), '0x0'])
    // The first answers teach the endpoint the finalized head; later ones come from the cache.
    for (let warm = 0; warm < 5; warm++) await proxied.post(cachedCall)
    const directCached = await throughput(anvil.rpcUrl, cachedCall, 32)
    const proxiedCached = await throughput(memory.ready.http, cachedCall, 32)
    const logs = body('eth_getLogs', [
      { address: emitter, fromBlock: hex(logBlock), toBlock: hex(logBlock) },
    ])
    for (let warm = 0; warm < 3; warm++) await proxied.post(logs)
    const [directLogs, cachedLogs] = await measurePairedLatency(
      direct,
      proxied,
      logs,
      logIterations,
      3,
    )

    const cpu = cpus()[0]?.model ?? 'unknown CPU'
    console.log(`machine: ${cpus().length} logical CPUs, ${cpu}, Node ${process.version}`)
    console.log(`\neth_getFilterChanges (block filter), concurrency 64, ${throughputMs} ms`)
    setups.forEach(([name], index) => {
      console.log(line(name, filterResults[index] as ThroughputResult, filterResults[0]))
      console.log(cpuLine(filterCpu[index] as CpuPerRequest))
    })
    console.log(`\neth_blockNumber, concurrency 64, ${throughputMs} ms`)
    setups.forEach(([name], index) => {
      console.log(line(name, smallResults[index] as ThroughputResult, smallResults[0]))
      console.log(cpuLine(smallCpu[index] as CpuPerRequest))
    })
    const cores = cpus().length
    console.log(
      `\nwith more cores (from CPU per request; ${cores} here, shared by the client too): a request costs the ` +
        'endpoint E ms, anvil A ms and redis R ms of CPU, so N workers on N free cores serve at most ' +
        'N × 1000 / E req/s until anvil (1000 / A per anvil core) or redis (single-threaded: 1000 / R) saturates:',
    )
    setups.forEach(([name], index) => {
      const cpu = smallCpu[index] as CpuPerRequest
      const filter = filterCpu[index] as CpuPerRequest
      const bound = (per: number) => (per > 0 ? format(1000 / per, 0) : '∞')
      console.log(
        `  ${name.padEnd(22)} eth_blockNumber: ${bound(cpu.endpoint)} req/s per endpoint core, anvil ${bound(cpu.anvil)}, redis ${bound(cpu.redis)};  getFilterChanges: ${bound(filter.endpoint)} per endpoint core, anvil ${bound(filter.anvil)}, redis ${bound(filter.redis)}`,
      )
    })
    console.log(
      `\nhot path: eth_blockNumber at concurrency 1 (${latencyIterations} each, alternating)`,
    )
    console.log(
      `  anvil p50 ${format(directSmall.p50, 3)} ms  endpoint p50 ${format(proxiedSmall.p50, 3)} ms  overhead ${format(proxiedSmall.p50 - directSmall.p50, 3)} ms  (target ≤ 0.3 ms)`,
    )
    console.log(
      `\ncached eth_getTransactionByBlockNumberAndIndex (finalized block), concurrency 32`,
    )
    console.log(line('anvil', directCached))
    console.log(`${line('endpoint (cache)', proxiedCached, directCached)}  (target ≥ 3×)`)
    console.log(`\ncached eth_getLogs, 10,000 logs of a finalized block (${logIterations} each)`)
    console.log(
      `  anvil p50 ${format(directLogs.p50)} ms  endpoint (cache) p50 ${format(cachedLogs.p50)} ms  ratio ${format(cachedLogs.p50 / directLogs.p50, 2)}×  (target ≤ 0.5×)`,
    )
  } finally {
    for (const poster of posters) poster.close()
    await Promise.all(started.map((endpoint) => endpoint.close()))
    await redis.close()
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
