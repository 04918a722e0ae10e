import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import {
  defaultApiKey,
  defaultLimits,
  type EndpointLimits,
  type LogLevel,
  type RunningEndpoint,
  type StartEndpointOptions,
  startEndpoint,
} from './index.ts'
import { type KeyPolicy, parseKeysFile } from './keys/parseKeysFile.ts'
import { isNetworkName, networkNames } from './networks/endpointNetwork.ts'
import { readyLine } from './readyLine.ts'
import { type RunningWorkers, startWorkers } from './startWorkers.ts'

/** The flags of `EndpointLimits` (docs/endpoint.md "Bounds and caps"): flag, field, help. */
const limitFlags: ReadonlyArray<readonly [string, keyof EndpointLimits, string]> = [
  ['max-filters', 'maxFilters', 'live filters per API key'],
  ['max-subscriptions-per-socket', 'maxSubscriptionsPerSocket', 'subscriptions per WebSocket'],
  ['max-sockets-per-key', 'maxSocketsPerKey', 'open WebSockets per API key'],
  ['max-sockets-per-address', 'maxSocketsPerAddress', 'open WebSockets per remote address'],
  ['max-pending-per-socket', 'maxPendingPerSocket', 'unanswered frames per WebSocket'],
  ['max-buffered-bytes', 'maxBufferedBytes', 'unsent bytes before a WebSocket is closed'],
  ['headers-timeout-ms', 'headersTimeoutMs', 'time to receive request headers'],
  ['request-timeout-ms', 'requestTimeoutMs', 'time to receive a whole request'],
  ['idle-timeout-ms', 'idleTimeoutMs', 'an HTTP connection idle this long is dropped'],
  ['max-answer-bytes', 'maxAnswerBytes', 'largest answer of getProgramAccounts & co.'],
]

const usage = `Aperture node endpoint: an Infura-compatible JSON-RPC endpoint in front of an Ethereum
(EVM) or a Solana node.

Usage: npm run node -- [options]

  --network <name>        eip155 (EVM) | solana                             [eip155]
  --port <n>              port to listen on (0 = any free port)     [8545; solana 8899]
  --host <addr>           address to listen on                              [127.0.0.1]
  --api-key <key>         accepted API key; repeat for several              [${defaultApiKey}]
  --keys <file>           keys file: accepted keys with their limits (docs/endpoint.md)
  --upstream <url>        HTTP(S) URL of the upstream node    [embedded anvil; solana Surfpool]
  --upstream-ws <url>     its WebSocket URL                                 [derived from --upstream]
  --upstream-batch <n>    cheap point reads go upstream in batches of at most n
                          (1 = every call alone: a node without batches)   [8]
  --upstream-exchanges <n> batches of point reads under way at once; more calls
                          wait for one to end and go together              [4]
  --upstream-pipeline <n> point reads under way on one upstream connection
                          (HTTP/1.1 pipelining; 1 = one at a time) [16 on loopback, else 1]
  --query-timeout-ms <n>  log query time limit                              [10000]
  --filter-ttl-ms <n>     a filter expires this long after its last poll    [900000]
  --log-level <level>     silent | error | warn | info | debug              [info]
  --log-format <format>   json (pino lines, for programs) | text (one readable line each) [json]
  --log-sample <n>        at info, log one successful call in n (failed calls always); lines
                          are written after the answer, never before it    [1]
  --redis <url>           keep filters in Redis (redis://host:port/db), shared by every
                          endpoint process using it          [$APERTURE_REDIS_URL, else memory]
  --cache-max-bytes <n>   immutable answers kept in memory (0 = no cache; Redis with --redis) [67108864]
  --workers <n>           endpoint processes sharing the port (more than 1 needs --redis)  [1]
  --metrics-token <t>     GET /metrics answers only with "Authorization: Bearer <t>"
                                                      [$APERTURE_METRICS_TOKEN, else open]
  --metrics-label-secret <s> keys the API keys' labels in /metrics (HMAC); the same on every
                          process behind one load balancer gives one label per key
                                           [$APERTURE_METRICS_LABEL_SECRET, else random]
  --chain-id <n>          chain id of the embedded anvil (not with --upstream) [31337]
${limitFlags.map(([flag, field, what]) => `  --${`${flag} <n>`.padEnd(32)} ${what.padEnd(44)} [${defaultLimits[field]}]`).join('\n')}
  --json                  announce readiness as one JSON line on stdout (docs/endpoint.md)
  --stop-on-stdin-close   stop when stdin closes (a supervisor that dies takes the endpoint along)
  --help                  show this help

Without --upstream it spawns anvil (chain id 31337, the standard test mnemonic) on a free loopback
port and stops it on exit; with --network solana, Surfpool (a local Solana node, offline, funded
payer, random genesis hash). requestAirdrop is served only in front of a node on loopback. The
default key "${defaultApiKey}" is refused on a non-loopback host.`

const logLevels: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug']

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`)
  return number
}

/** A flag that must be a whole number of at least 1, when given. */
function positive(name: string, value: string | undefined): number | undefined {
  const number = integer(name, value)
  if (number === 0) throw new Error(`--${name} must be a positive whole number`)
  return number
}

/** The keys file's policies, or an error naming the file and its first problems. */
async function readKeysFile(path: string): Promise<Record<string, KeyPolicy>> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read the keys file ${path}: ${(error as Error).message}`)
  }
  const parsed = parseKeysFile(value)
  if ('problems' in parsed) {
    throw new Error(`the keys file ${path} is not valid:\n  ${parsed.problems.join('\n  ')}`)
  }
  return Object.fromEntries(parsed.keys)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      network: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      keys: { type: 'string' },
      upstream: { type: 'string' },
      'upstream-ws': { type: 'string' },
      'upstream-batch': { type: 'string' },
      'upstream-exchanges': { type: 'string' },
      'upstream-pipeline': { type: 'string' },
      'query-timeout-ms': { type: 'string' },
      'filter-ttl-ms': { type: 'string' },
      'log-level': { type: 'string' },
      'log-format': { type: 'string' },
      'log-sample': { type: 'string' },
      redis: { type: 'string' },
      workers: { type: 'string' },
      'metrics-token': { type: 'string' },
      'metrics-label-secret': { type: 'string' },
      'cache-max-bytes': { type: 'string' },
      'chain-id': { type: 'string' },
      ...Object.fromEntries(limitFlags.map(([flag]) => [flag, { type: 'string' as const }])),
      json: { type: 'boolean' },
      'stop-on-stdin-close': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const logLevel = values['log-level'] ?? 'info'
  if (!logLevels.some((level) => level === logLevel)) {
    throw new Error(`--log-level must be one of ${logLevels.join(', ')}`)
  }
  const logFormat = values['log-format'] ?? 'json'
  if (logFormat !== 'json' && logFormat !== 'text') {
    throw new Error('--log-format must be json or text')
  }
  const network = values.network ?? 'eip155'
  if (!isNetworkName(network))
    throw new Error(`--network must be one of ${networkNames.join(', ')}`)
  const chainId = integer('chain-id', values['chain-id'])
  if (chainId !== undefined && network !== 'eip155') {
    throw new Error("--chain-id sets the embedded anvil's chain id: it is for --network eip155")
  }
  if (chainId !== undefined && values.upstream !== undefined) {
    throw new Error(
      "--chain-id sets the embedded anvil's chain id: it cannot be used with --upstream",
    )
  }
  if (chainId === 0) throw new Error('--chain-id must be a positive whole number')

  const limits: Partial<EndpointLimits> = {}
  for (const [flag, field] of limitFlags) {
    const value = integer(flag, (values as Record<string, unknown>)[flag] as string | undefined)
    if (value === 0) throw new Error(`--${flag} must be a positive whole number`)
    if (value !== undefined) limits[field] = value
  }

  const workers = integer('workers', values.workers) ?? 1
  const port = integer('port', values.port)
  const options: StartEndpointOptions = {
    network,
    ...(port === undefined ? {} : { port }),
    host: values.host ?? '127.0.0.1',
    apiKeys: values['api-key'] ?? [],
    upstream: values.upstream,
    upstreamWs: values['upstream-ws'],
    upstreamBatch: positive('upstream-batch', values['upstream-batch']),
    upstreamExchanges: positive('upstream-exchanges', values['upstream-exchanges']),
    upstreamPipeline: positive('upstream-pipeline', values['upstream-pipeline']),
    queryTimeoutMs: integer('query-timeout-ms', values['query-timeout-ms']),
    filterTtlMs: integer('filter-ttl-ms', values['filter-ttl-ms']),
    logLevel: logLevel as LogLevel,
    logFormat,
    logSampleEvery: positive('log-sample', values['log-sample']),
    chainId,
    redisUrl: values.redis ?? (process.env.APERTURE_REDIS_URL || undefined),
    metricsToken: values['metrics-token'] ?? (process.env.APERTURE_METRICS_TOKEN || undefined),
    metricsLabelSecret:
      values['metrics-label-secret'] ?? (process.env.APERTURE_METRICS_LABEL_SECRET || undefined),
    limits,
    cacheMaxBytes: integer('cache-max-bytes', values['cache-max-bytes']),
    ...(values.keys === undefined ? {} : { keyPolicies: await readKeysFile(values.keys) }),
  }
  const cluster: RunningWorkers | undefined =
    workers === 1
      ? undefined
      : await startWorkers({
          ...options,
          workers,
          onWorkerExit: (pid, code, signal) =>
            console.error(`endpoint worker ${pid} exited (${signal ?? code}); starting another`),
        })
  const endpoint: RunningEndpoint = cluster ?? (await startEndpoint(options))

  const givenKeys = [...(values['api-key'] ?? []), ...Object.keys(options.keyPolicies ?? {})]
  const keys = [...new Set(givenKeys.length ? givenKeys : [defaultApiKey])]
  if (values.json) {
    const workerPids = cluster ? { workers: cluster.workerPids() } : {}
    console.log(JSON.stringify({ ...readyLine(endpoint, keys), ...workerPids }))
  } else {
    const httpBase = endpoint.httpUrl.slice(0, endpoint.httpUrl.lastIndexOf('/'))
    const wsBase = endpoint.wsUrl.slice(0, endpoint.wsUrl.lastIndexOf('/'))
    console.log('Aperture node endpoint ready')
    console.log(`  network   ${endpoint.network === 'solana' ? 'solana' : 'eip155 (EVM)'}`)
    for (const key of keys) {
      console.log(`  HTTP      ${httpBase}/${key}`)
      console.log(`  WS        ${wsBase}/${key}`)
    }
    const upstream = endpoint.anvil
      ? `embedded anvil ${endpoint.anvil.rpcUrl} (chain id ${endpoint.anvil.chainId})`
      : endpoint.surfpool
        ? `embedded Surfpool ${endpoint.surfpool.rpcUrl} (WebSocket ${endpoint.surfpool.wsUrl})`
        : endpoint.upstreamUrl
    console.log(`  upstream  ${upstream}`)
    console.log(`  health    ${endpoint.origin}/healthz`)
  }

  let stopping = false
  const stop = (code: number) => {
    if (stopping) return
    stopping = true
    const forced = setTimeout(() => process.exit(code), 5000)
    forced.unref()
    endpoint.close().then(
      () => process.exit(code),
      (error: unknown) => {
        console.error('failed to stop cleanly:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop(0))
  process.on('SIGTERM', () => stop(0))
  if (values['stop-on-stdin-close']) {
    process.stdin.once('end', () => stop(0))
    process.stdin.once('error', (error) => {
      console.error('stdin failed, stopping:', error)
      stop(1)
    })
    process.stdin.resume()
  }
  process.on('uncaughtException', (error) => {
    console.error('node endpoint crashed:', error)
    stop(1)
  })
  process.on('unhandledRejection', (reason) => {
    console.error('node endpoint crashed:', reason)
    stop(1)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
