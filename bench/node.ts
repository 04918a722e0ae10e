/**
 * `npm run bench:node`: the node endpoint against direct anvil, in one run on the same anvil.
 * 1. `eth_getLogs` returning 10,000 logs: sequential latency p50/p95.
 * 2. `eth_getTransactionByBlockNumberAndIndex` at concurrency 32: requests/s, p50/p99.
 * The endpoint runs as its own process (`src/endpoint/cli.ts --upstream <anvil> --log-level warn`),
 * as `npm run node` runs it, so the benchmark client does not share its event loop.
 */
import { spawn } from 'node:child_process'
import { cpus } from 'node:os'
import { findFreePort } from '../src/endpoint/findFreePort.ts'
import { startAnvil } from '../src/endpoint/index.ts'
import { deployEmitter, emitLogs, hex } from '../src/endpoint/testSupport.ts'
import { createPoster, measurePairedLatency, measureThroughput } from './lib/measure.ts'

const logIterations = Number(process.env.BENCH_LOG_ITERATIONS ?? 40)
const throughputMs = Number(process.env.BENCH_THROUGHPUT_MS ?? 5000)
const concurrency = 32

const format = (value: number, digits = 1) => value.toFixed(digits)

/** Starts the endpoint CLI in front of `upstream`; resolves with its HTTP URL once it is ready. */
async function spawnEndpoint(upstream: string): Promise<{ httpUrl: string; stop(): void }> {
  const port = await findFreePort()
  const child = spawn(
    process.execPath,
    [
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
  return { httpUrl, stop: () => child.kill('SIGTERM') }
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

    await measureThroughput(direct, transactionBody, concurrency, 1000)
    await measureThroughput(proxied, transactionBody, concurrency, 1000)
    const directSmall = await measureThroughput(direct, transactionBody, concurrency, throughputMs)
    const endpointSmall = await measureThroughput(
      proxied,
      transactionBody,
      concurrency,
      throughputMs,
    )

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
      `\neth_getTransactionByBlockNumberAndIndex, concurrency ${concurrency}, ${throughputMs} ms`,
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
  } finally {
    endpoint.stop()
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
