import { createHmac } from 'node:crypto'
import { Counter, Gauge, Registry } from 'prom-client'
import type { CallRecord } from '../answerRequests.ts'
import type { UpstreamClient } from '../createUpstreamClient.ts'
import { createTalliedHistogram } from './createTalliedHistogram.ts'

export type EndpointMetrics = {
  /** This process's registry. */
  registry: Registry
  /** What `GET /metrics` serves: this process's metrics, or every worker's summed (`--workers`). */
  read(): Promise<string>
  /** Counts one JSON-RPC call (and its error, if it failed) of `key`. */
  recordCall(transport: 'http' | 'ws', key: string, call: CallRecord): void
  /** Counts one call answered by a read another call had already sent (shared reads). */
  recordSharedRead(method: string): void
  /** The upstream client, its calls timed. */
  instrument(upstream: UpstreamClient): UpstreamClient
}

export type CreateMetricsParameters = {
  /** The network served: every metric carries it as its `network` label. */
  network: string
  /** The accepted API keys: any other key is counted as `(unknown)`, so labels stay bounded. */
  keys: ReadonlySet<string>
  /** The secret that keys the API keys' labels (`keyLabel`). */
  labelSecret: string
  liveFilters(): Promise<number | null>
  openSockets(): number
  subscriptions(): number
  /**
   * Given this process's registry, how `GET /metrics` reads: a cluster worker asks its primary for
   * the sum over every worker (`clusterMetrics.ts`). Default: this registry alone.
   */
  scope?: (registry: Registry) => () => Promise<string>
}

/** Calls of one label set: counted here, `reported` of them already handed to prom-client. */
type Tally = { labels: Record<string, string>; count: number; reported: number }

/** Each method's tally of one API key over one transport. */
type Transports = Record<'http' | 'ws', Map<string, Tally>>

const noTallies = (): Transports => ({ http: new Map(), ws: new Map() })

/** Hands a counter the calls of each label set counted since it was last read. */
function reportTallies(counter: Counter, tallies: Iterable<Tally>): void {
  for (const tally of tallies) {
    if (tally.count === tally.reported) continue
    counter.inc(tally.labels, tally.count - tally.reported)
    tally.reported = tally.count
  }
}

/**
 * An API key as metrics show it: the first 12 hex digits of its HMAC-SHA256 under `secret`, never
 * the key. Keyed, so that a scrape does not let anyone confirm a guessed key (`dev`, a team's name)
 * offline: an unkeyed digest of a guessable key is the key.
 */
export const keyLabel = (secret: string, key: string): string =>
  createHmac('sha256', secret).update(key).digest('hex').slice(0, 12)

/**
 * The endpoint's Prometheus metrics (issue 12), in a registry of its own, each labelled with the
 * network served: requests and errors by method and keyed digest of the API key, calls served by
 * a shared read, upstream latency by method, live filters, open sockets and subscriptions.
 * Label values are bounded: a method the endpoint refused is `(not allowed)`, an unknown key
 * `(unknown)`.
 */
export function createMetrics(parameters: CreateMetricsParameters): EndpointMetrics {
  const registry = new Registry()
  registry.setDefaultLabels({ network: parameters.network })
  const hashes = new Map(
    [...parameters.keys].map((key) => [key, keyLabel(parameters.labelSecret, key)]),
  )
  // Calls are tallied in plain numbers and handed to prom-client when it is read: its `inc` with
  // labels validates and hashes the label set on every call, a cost on every cache hit.
  // Looked up by the key, the transport and the method as they come: no label string is built
  // per call. Every key not accepted shares one set (`(unknown)`), so the maps stay bounded.
  const callTallies = new Map([...parameters.keys].map((key) => [key, noTallies()]))
  const unknownKeyTallies = noTallies()
  const requestTallies: Tally[] = []
  const errorTallies = new Map<string, Tally>()
  new Counter({
    name: 'aperture_requests_total',
    help: 'JSON-RPC calls answered, by transport, method and hashed API key',
    labelNames: ['transport', 'method', 'key'] as const,
    registers: [registry],
    collect() {
      reportTallies(this, requestTallies)
    },
  })
  new Counter({
    name: 'aperture_errors_total',
    help: 'JSON-RPC calls answered with an error (or refused), by transport, method, key and code',
    labelNames: ['transport', 'method', 'key', 'code'] as const,
    registers: [registry],
    collect() {
      reportTallies(this, errorTallies.values())
    },
  })
  const sharedTallies = new Map<string, Tally>()
  new Counter({
    name: 'aperture_shared_reads_total',
    help: 'Calls answered by an identical read already on its way to the node (no upstream call of their own), by method',
    labelNames: ['method'] as const,
    registers: [registry],
    collect() {
      reportTallies(this, sharedTallies.values())
    },
  })
  const upstreamSeconds = createTalliedHistogram({
    name: 'aperture_upstream_request_duration_seconds',
    help: 'Time the upstream node took to answer, by method (batch for a JSON-RPC batch)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registry,
  })
  new Gauge({
    name: 'aperture_live_filters',
    help: 'Live filters of every key (in Redis: of every endpoint process); absent while Redis is down',
    // Summed over workers this would count Redis's filters once per worker: every worker sees them all.
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const count = await parameters.liveFilters()
      if (count !== null) this.set(count)
    },
  })
  new Gauge({
    name: 'aperture_open_websockets',
    help: 'Client WebSockets open on this process',
    registers: [registry],
    collect() {
      this.set(parameters.openSockets())
    },
  })
  new Gauge({
    name: 'aperture_subscriptions',
    help: 'Live subscriptions (eth_subscribe, accountSubscribe, …) on this process',
    registers: [registry],
    collect() {
      this.set(parameters.subscriptions())
    },
  })
  const read = parameters.scope?.(registry) ?? (() => registry.metrics())
  return {
    registry,
    read,
    recordCall(transport, key, call) {
      const method = call.status === -32601 ? '(not allowed)' : call.method
      const byMethod = (callTallies.get(key) ?? unknownKeyTallies)[transport]
      const tally = byMethod.get(method)
      if (tally) tally.count++
      else {
        const made = {
          labels: { transport, method, key: hashes.get(key) ?? '(unknown)' },
          count: 1,
          reported: 0,
        }
        byMethod.set(method, made)
        requestTallies.push(made)
      }
      if (call.status === 'ok') return
      const code = String(call.status)
      const hashed = hashes.get(key) ?? '(unknown)'
      // The method last: it is the only part that is not of a fixed form.
      const errorId = `${code} ${transport} ${hashed} ${method}`
      const errorTally = errorTallies.get(errorId)
      if (errorTally) errorTally.count++
      else {
        errorTallies.set(errorId, {
          labels: { transport, method, key: hashed, code },
          count: 1,
          reported: 0,
        })
      }
    },
    recordSharedRead(method) {
      // Only allow-listed methods are shared, so the labels stay bounded.
      const tally = sharedTallies.get(method)
      if (tally) tally.count++
      else sharedTallies.set(method, { labels: { method }, count: 1, reported: 0 })
    },
    instrument(upstream) {
      // Observed in plain numbers (`createTalliedHistogram.ts`), without prom-client's timer (it
      // copies its labels and reads `hrtime` into arrays on every call) nor a `finally` (two more
      // promises). Only allow-listed methods reach the upstream, so these labels are bounded too.
      const observe = (method: string, started: number): void =>
        upstreamSeconds.observe(method, (performance.now() - started) / 1000)
      const timed = <T>(method: string, started: number, answer: Promise<T>): Promise<T> =>
        answer.then(
          (value) => {
            observe(method, started)
            return value
          },
          (error: unknown) => {
            observe(method, started)
            throw error
          },
        )
      return {
        url: upstream.url,
        call: (method, params, options) =>
          timed(method, performance.now(), upstream.call(method, params, options)),
        callText: (method, paramsText, options) =>
          timed(method, performance.now(), upstream.callText(method, paramsText, options)),
        batch: (calls, options) =>
          timed('batch', performance.now(), upstream.batch(calls, options)),
        close: () => upstream.close(),
      }
    },
  }
}
