import { createPipelinedPoster } from '../../src/endpoint/createPipelinedPoster.ts'

/** The p-th percentile (0–100) of `samples`, nearest-rank. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank] as number
}

export type HttpPoster = {
  /** POSTs `body` and resolves with the whole response body (not parsed). */
  post(body: string): Promise<Buffer>
  close(): void
}

/**
 * A keep-alive HTTP/1.1 client of one URL with at most `sockets` connections, one request at a time
 * on each (no pipelining), as a browser or a typical client sends: the endpoint's own lean client
 * (`createPipelinedPoster` at depth 1), so that the load generator spends little of the shared
 * cores and the same on both sides (node:http's client cost ~0.07–0.09 ms per request here, as
 * much as Surfpool's own work per call).
 */
export function createPoster(url: string, sockets: number): HttpPoster {
  const poster = createPipelinedPoster(url, {
    connections: sockets,
    depth: 1,
    maxBodyBytes: 256 * 1024 * 1024,
  })
  return {
    async post(body) {
      const pieces = await poster.post(body, 120_000)
      return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces)
    },
    close: () => poster.close(),
  }
}

/**
 * What a measurement sends: one request body every time, or several in turn (reads of distinct
 * accounts: no two calls in flight are the same, so no server can answer two with one).
 */
export type Bodies = string | readonly string[]

/** A function giving the next body of `bodies` each time it is called, in turn. */
export function inTurn(bodies: Bodies): () => string {
  if (typeof bodies === 'string') return () => bodies
  let next = 0
  return () => bodies[next++ % bodies.length] as string
}

export type LatencyResult = { p50: number; p95: number; samples: number }

/** Sequential latency of one request, measured `iterations` times after `warmup` untimed runs. */
export async function measureLatency(
  poster: HttpPoster,
  bodies: Bodies,
  iterations: number,
  warmup: number,
): Promise<LatencyResult> {
  const body = inTurn(bodies)
  for (let i = 0; i < warmup; i++) await poster.post(body())
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const request = body()
    const started = performance.now()
    await poster.post(request)
    samples.push(performance.now() - started)
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length }
}

/**
 * Sequential latency of the same request against several servers, one request each in turn, so
 * that the load of a shared machine weighs on all of them alike.
 */
export async function measureAlternatingLatency(
  posters: HttpPoster[],
  bodies: Bodies,
  iterations: number,
  warmup: number,
): Promise<LatencyResult[]> {
  const body = inTurn(bodies)
  for (let i = 0; i < warmup; i++) {
    const request = body()
    for (const poster of posters) await poster.post(request)
  }
  const samples: number[][] = posters.map(() => [])
  for (let i = 0; i < iterations; i++) {
    const request = body()
    for (const [index, poster] of posters.entries()) {
      const started = performance.now()
      await poster.post(request)
      samples[index]?.push(performance.now() - started)
    }
  }
  return samples.map((values) => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    samples: values.length,
  }))
}

/** `measureAlternatingLatency` of two servers. */
export async function measurePairedLatency(
  first: HttpPoster,
  second: HttpPoster,
  body: Bodies,
  iterations: number,
  warmup: number,
): Promise<[LatencyResult, LatencyResult]> {
  const [a, b] = await measureAlternatingLatency([first, second], body, iterations, warmup)
  return [a as LatencyResult, b as LatencyResult]
}

export type ThroughputResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  requests: number
  /** Every request's latency, ms. */
  latencies: number[]
}

/** `concurrency` workers sending `bodies` (in turn) back to back for `durationMs`. */
export async function measureThroughput(
  poster: HttpPoster,
  bodies: Bodies,
  concurrency: number,
  durationMs: number,
): Promise<ThroughputResult> {
  const body = inTurn(bodies)
  const latencies: number[] = []
  const started = performance.now()
  const deadline = started + durationMs
  const worker = async () => {
    while (performance.now() < deadline) {
      const request = body()
      const sent = performance.now()
      await poster.post(request)
      latencies.push(performance.now() - sent)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = performance.now() - started
  return {
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    latencies,
  }
}
