import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'
import { echo } from '../core/rpc/errors.ts'
import { createAnswerCache } from './cache/createAnswerCache.ts'
import { createFinalityTracker } from './cache/createFinalityTracker.ts'
import { createRedisResponseCache } from './cache/createRedisResponseCache.ts'
import { createMemoryResponseCache } from './cache/responseCache.ts'
import type { LogLevel } from './callLog.ts'
import { createEndpointServer } from './createEndpointServer.ts'
import { createRpcHandler } from './createRpcHandler.ts'
import { createSharedReads } from './createSharedReads.ts'
import { createSubscriptionRelay } from './createSubscriptionRelay.ts'
import { createUpstreamClient } from './createUpstreamClient.ts'
import { isLoopbackHost } from './isLoopbackHost.ts'
import { createAdmission } from './keys/createAdmission.ts'
import type { KeyPolicy } from './keys/parseKeysFile.ts'
import { defaultLimits, type EndpointLimits, type KeyLimits } from './limits.ts'
import { createMetrics } from './metrics/createMetrics.ts'
import type {
  EndpointNetwork,
  LocalNode,
  LocalNodeSummary,
  NetworkName,
} from './networks/endpointNetwork.ts'
import { networkOf } from './networks/networkOf.ts'
import type { AnvilSummary } from './startAnvil.ts'
import { connectRedis, type RedisConnection } from './state/connectRedis.ts'
import { createMemoryFilterStore } from './state/createMemoryFilterStore.ts'
import { createRedisFilterStore } from './state/createRedisFilterStore.ts'
import { createMemoryRateLimiter, createRedisRateLimiter } from './state/rateLimiter.ts'
import type { LogFormat } from './textLogLine.ts'

export type { LogLevel } from './callLog.ts'
export type { KeyPolicy } from './keys/parseKeysFile.ts'
export { defaultLimits, type EndpointLimits, type KeyLimits } from './limits.ts'
export {
  type RunningAnvil,
  type StartAnvilOptions,
  startAnvil,
  testMnemonic,
} from './startAnvil.ts'

/** The API key used when none is given; refused on a non-loopback host. */
export const defaultApiKey = 'dev'

export type StartEndpointOptions = {
  /** The network served (DESIGN §5, §8). Default `eip155` (EVM). */
  network?: NetworkName
  /** `0` picks a free port. Default the network's: 8545 for EVM, 8899 for Solana. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Default `['dev']`. */
  apiKeys?: string[]
  /** HTTP(S) URL of an upstream node; without it the network's local node (anvil, Surfpool) is spawned. */
  upstream?: string
  /** Its WebSocket URL; by default `upstream` with ws(s):. */
  upstreamWs?: string
  /** Default 10,000 ms. */
  queryTimeoutMs?: number
  /** Default 900,000 ms (15 minutes). */
  filterTtlMs?: number
  /** Default `info`. */
  logLevel?: LogLevel
  /** Default `json` (pino lines); `text`: one readable line each (`npm start`). */
  logFormat?: LogFormat
  /** At `info`, log one successful call in this many (failed calls always). Default 1. */
  logSampleEvery?: number
  /** Largest accepted request body. Default 1 MiB. */
  bodyLimitBytes?: number
  /** Chain id of the embedded anvil (ignored with `upstream`). Default 31337. */
  chainId?: number
  /**
   * `redis://host:port/db`: keep filters in Redis, shared by every endpoint process using it.
   * Default: in this process's memory.
   */
  redisUrl?: string
  /** Prefix of this endpoint's Redis keys. Default `aperture:`. */
  redisPrefix?: string
  /** Bounds and caps; each one left out keeps its default (`defaultLimits`). */
  limits?: Partial<EndpointLimits>
  /** Per-key overrides of the per-key caps (the keys file, DESIGN §5). */
  keyLimits?: Record<string, Partial<KeyLimits>>
  /**
   * The keys file (`--keys`, DESIGN §5): each of its keys is accepted, with its request limits,
   * allowlists and caps (`maxFilters`, `maxSubscriptionsPerSocket` override `limits`).
   */
  keyPolicies?: Record<string, KeyPolicy>
  /**
   * How `GET /metrics` reads, given this process's registry (a `--workers` worker asks its primary
   * for every worker's sum). Default: this process's metrics.
   */
  metricsScope?: (registry: Registry) => () => Promise<string>
  /**
   * The secret that keys the API keys' labels in `GET /metrics` (HMAC-SHA256, docs/endpoint.md
   * "Metrics"). Give every process behind one load balancer the same one for the same labels.
   * Default: random, made at start (`startWorkers` makes one for all its workers).
   */
  metricsLabelSecret?: string
  /** When given, `GET /metrics` answers only with `Authorization: Bearer <metricsToken>` (else 401). */
  metricsToken?: string
  /**
   * Bytes of immutable answers kept in this process (an LRU; with `redisUrl` they are kept in Redis
   * instead). `0` turns the response cache off. Default 64 MiB.
   */
  cacheMaxBytes?: number
  /**
   * Cheap point reads go to the node in JSON-RPC batches of at most this many (docs/endpoint.md,
   * "Upstream batches"); 1 sends every call alone (a node that refuses batches). Default 8.
   */
  upstreamBatch?: number
  /** Exchanges of such batches with the node under way at once. Default 4. */
  upstreamExchanges?: number
  /**
   * Point reads under way on one upstream connection at once (HTTP/1.1 pipelining, on 4
   * connections); 1 = one at a time per connection. Default 16 for a node on loopback, else 1.
   */
  upstreamPipeline?: number
  /** How often the finalized head is asked for, at most. Default 1,000 ms. */
  finalityRefreshMs?: number
}

export type RunningEndpoint = {
  /** The network it serves. */
  network: NetworkName
  /** `http://127.0.0.1:<port>/v3/<first key>` */
  httpUrl: string
  /** `ws://127.0.0.1:<port>/ws/v3/<first key>` */
  wsUrl: string
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The embedded anvil, when an EVM endpoint was given no upstream. */
  anvil?: AnvilSummary
  /** The embedded Surfpool, when a Solana endpoint was given no upstream. */
  surfpool?: { rpcUrl: string; wsUrl: string; pid: number }
  upstreamUrl: string
  /** Stops serving, then stops the embedded node. */
  close(): Promise<void>
}

/** The caps a keys file entry overrides. */
const capsOf = (policy: KeyPolicy | undefined): Partial<KeyLimits> => ({
  ...(policy?.maxFilters === undefined ? {} : { maxFilters: policy.maxFilters }),
  ...(policy?.maxSubscriptionsPerSocket === undefined
    ? {}
    : { maxSubscriptionsPerSocket: policy.maxSubscriptionsPerSocket }),
})

/** `http://host:8545/x` → `ws://host:8545/x` (and https → wss). */
export const toWebSocketUrl = (url: string): string => url.replace(/^http(s?):/i, 'ws$1:')

/**
 * Starts the Infura-compatible node endpoint (DESIGN §5, §8) in this process: `POST /v3/<KEY>` and
 * `WS /ws/v3/<KEY>` for one network (EVM by default, or Solana) in front of `upstream`, or of the
 * network's local node it spawns (anvil: chain id 31337, the test mnemonic; Surfpool) and stops on
 * `close()`.
 *
 * @example
 * const endpoint = await startEndpoint({ port: 0, logLevel: 'silent' })
 * await fetch(endpoint.httpUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
 */
export async function startEndpoint(options: StartEndpointOptions = {}): Promise<RunningEndpoint> {
  const host = options.host ?? '127.0.0.1'
  const policies = new Map(Object.entries(options.keyPolicies ?? {}))
  const givenKeys = [...(options.apiKeys ?? []), ...policies.keys()]
  const apiKeys = givenKeys.length ? [...new Set(givenKeys)] : [defaultApiKey]
  const queryTimeoutMs = options.queryTimeoutMs ?? 10_000
  const filterTtlMs = options.filterTtlMs ?? 900_000
  if (!isLoopbackHost(host) && apiKeys.includes(defaultApiKey)) {
    throw new Error(
      `refusing to listen on ${host} with the default API key "${defaultApiKey}": pass --api-key with a secret key`,
    )
  }
  for (const key of apiKeys) {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) {
      throw new Error(`API key ${JSON.stringify(key)} may only hold letters, digits, _ and -`)
    }
  }

  let localNode: LocalNode | undefined
  const upstreamGiven = options.upstream
  if (!upstreamGiven) {
    const starter = networkOf(options.network ?? 'eip155', { localNode: true })
    localNode = await starter.startLocalNode(
      options.chainId === undefined ? {} : { chainId: options.chainId },
    )
  }
  const upstreamUrl = upstreamGiven ?? (localNode as LocalNode).rpcUrl
  const upstreamWsUrl = options.upstreamWs ?? localNode?.wsUrl ?? toWebSocketUrl(upstreamUrl)
  const network: EndpointNetwork = networkOf(options.network ?? 'eip155', {
    localNode: isLoopbackHost(new URL(upstreamUrl).hostname),
  })

  let redis: RedisConnection | undefined
  if (options.redisUrl) {
    try {
      redis = await connectRedis(options.redisUrl)
    } catch (error) {
      await localNode?.stop()
      throw error
    }
  }
  const limits: EndpointLimits = { ...defaultLimits, ...options.limits }
  const limitsFor = (apiKey: string): KeyLimits => ({
    maxFilters: limits.maxFilters,
    maxSubscriptionsPerSocket: limits.maxSubscriptionsPerSocket,
    maxSocketsPerKey: limits.maxSocketsPerKey,
    maxPendingPerSocket: limits.maxPendingPerSocket,
    ...options.keyLimits?.[apiKey],
    ...capsOf(policies.get(apiKey)),
  })

  let server: ReturnType<typeof createEndpointServer> | undefined
  const metrics = createMetrics({
    network: network.name,
    keys: new Set(apiKeys),
    labelSecret: options.metricsLabelSecret ?? randomBytes(32).toString('hex'),
    liveFilters: () => filters.size().catch(() => null),
    openSockets: () => server?.openSockets() ?? 0,
    subscriptions: () => subscriptions.size(),
    ...(options.metricsScope ? { scope: options.metricsScope } : {}),
  })
  const upstream = metrics.instrument(
    createUpstreamClient(upstreamUrl, {
      ...(options.upstreamBatch ? { maxBatch: options.upstreamBatch } : {}),
      ...(options.upstreamExchanges ? { maxExchanges: options.upstreamExchanges } : {}),
      pipelineDepth:
        options.upstreamPipeline ?? (isLoopbackHost(new URL(upstreamUrl).hostname) ? 16 : 1),
    }),
  )
  const admission = createAdmission({
    policies,
    contractsOf: network.contractsOf,
    limiter: redis
      ? createRedisRateLimiter({
          connection: redis,
          ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
        })
      : createMemoryRateLimiter(),
  })
  const filters = redis
    ? createRedisFilterStore({
        connection: redis,
        ttlMs: filterTtlMs,
        ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
      })
    : createMemoryFilterStore({ ttlMs: filterTtlMs })
  const subscriptions = createSubscriptionRelay({
    wsUrl: upstreamWsUrl,
    newId: network.newSubscriptionId,
    timeoutMs: queryTimeoutMs,
    warn: (message, error) => server?.app.log.warn({ err: error }, message),
  })
  const cacheMaxBytes = options.cacheMaxBytes ?? 64 * 1024 * 1024
  const responseCache = redis
    ? createRedisResponseCache({
        connection: redis,
        ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
      })
    : createMemoryResponseCache({ maxBytes: cacheMaxBytes })
  const answerCache =
    cacheMaxBytes === 0
      ? undefined
      : createAnswerCache({
          cache: responseCache,
          rules: network.cacheRules,
          finality: createFinalityTracker({
            read: network.readFinalized(upstream, queryTimeoutMs),
            refreshMs: options.finalityRefreshMs ?? 1000,
            onDeepReorg: () => {
              server?.app.log.warn('the finalized block left the chain: response cache cleared')
              responseCache.clear().catch((error: unknown) => {
                server?.app.log.error({ err: error }, 'response cache not cleared')
              })
            },
            onError: (error) => server?.app.log.warn({ err: error }, 'finalized head unknown'),
          }),
          onCacheError: (error) => server?.app.log.warn({ err: error }, 'response cache skipped'),
        })
  const handler = createRpcHandler({
    ...(answerCache ? { answerCache } : {}),
    sharedReads: createSharedReads({
      methods: network.sharedReads,
      onShared: (method) => metrics.recordSharedRead(method),
    }),
    network,
    upstream,
    maxAnswerBytes: limits.maxAnswerBytes,
    filters,
    subscriptions,
    queryTimeoutMs,
    limitsFor,
    onUnexpectedError: (error, request) =>
      server?.app.log.error({ err: error, method: echo(request.method) }, 'unexpected failure'),
    onDependencyError: (error, request) =>
      server?.app.log.warn({ err: error, method: echo(request.method) }, 'upstream failure'),
  })
  server = createEndpointServer({
    identity: network.identity,
    admission,
    metrics,
    metricsToken: options.metricsToken,
    apiKeys,
    handler,
    upstream,
    filters,
    subscriptions,
    logLevel: options.logLevel ?? 'info',
    logFormat: options.logFormat ?? 'json',
    logSampleEvery: options.logSampleEvery ?? 1,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    limits,
    limitsFor,
  })

  const release = async () => {
    subscriptions.close()
    await filters.close()
    await redis?.close()
    upstream.close()
    await localNode?.stop()
  }

  try {
    await server.app.listen({ port: options.port ?? network.defaultPort, host })
  } catch (error) {
    await release()
    throw error
  }
  const { port } = server.app.server.address() as AddressInfo
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  const origin = `http://${hostInUrl}:${port}`
  const [firstKey] = apiKeys
  let closing: Promise<void> | undefined
  const running = server
  const summary: LocalNodeSummary | Record<string, never> = localNode?.summary ?? {}
  return {
    network: network.name,
    httpUrl: `${origin}/v3/${firstKey}`,
    wsUrl: `ws://${hostInUrl}:${port}/ws/v3/${firstKey}`,
    origin,
    ...summary,
    upstreamUrl,
    close() {
      closing ??= running.close().finally(release)
      return closing
    },
  }
}
