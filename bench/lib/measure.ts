import { Agent, request } from 'node:http'

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

/** A keep-alive HTTP client of one URL with at most `sockets` connections. */
export function createPoster(url: string, sockets: number): HttpPoster {
  const target = new URL(url)
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  return {
    post(body) {
      return new Promise((resolve, reject) => {
        const req = request(
          target,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => resolve(Buffer.concat(chunks)))
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    },
    close: () => agent.destroy(),
  }
}

export type LatencyResult = { p50: number; p95: number; samples: number }

/** Sequential latency of one request, measured `iterations` times after `warmup` untimed runs. */
export async function measureLatency(
  poster: HttpPoster,
  body: string,
  iterations: number,
  warmup: number,
): Promise<LatencyResult> {
  for (let i = 0; i < warmup; i++) await poster.post(body)
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    await poster.post(body)
    samples.push(performance.now() - started)
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length }
}

/**
 * Sequential latency of the same request against two servers, alternating one request each, so
 * that the load of a shared machine weighs on both sides alike.
 */
export async function measurePairedLatency(
  first: HttpPoster,
  second: HttpPoster,
  body: string,
  iterations: number,
  warmup: number,
): Promise<[LatencyResult, LatencyResult]> {
  for (let i = 0; i < warmup; i++) {
    await first.post(body)
    await second.post(body)
  }
  const samples: [number[], number[]] = [[], []]
  for (let i = 0; i < iterations; i++) {
    for (const [index, poster] of [first, second].entries()) {
      const started = performance.now()
      await poster.post(body)
      samples[index]?.push(performance.now() - started)
    }
  }
  const summary = (values: number[]): LatencyResult => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    samples: values.length,
  })
  return [summary(samples[0]), summary(samples[1])]
}

export type ThroughputResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  requests: number
  /** Every request's latency, ms. */
  latencies: number[]
}

/** `concurrency` workers sending `body` back to back for `durationMs`. */
export async function measureThroughput(
  poster: HttpPoster,
  body: string,
  concurrency: number,
  durationMs: number,
): Promise<ThroughputResult> {
  const latencies: number[] = []
  const started = performance.now()
  const deadline = started + durationMs
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now()
      await poster.post(body)
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
