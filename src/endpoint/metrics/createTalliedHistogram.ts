import type { Histogram, Registry } from 'prom-client'

export type TalliedHistogram = {
  /** Counts one observation of `seconds` under `method`. */
  observe(method: string, seconds: number): void
}

export type CreateTalliedHistogramParameters = {
  name: string
  help: string
  /** The buckets' upper bounds, ascending (prom-client's `buckets`). */
  buckets: readonly number[]
  registry: Registry
}

/** One method's observations: how many fell in each bucket (not cumulated), their sum and count. */
type Tally = { method: string; inBucket: number[]; sum: number; count: number }

/** A value as prom-client's histograms hand it to their registry. */
type Value = {
  labels: Record<string, string | number>
  sharedLabels: Record<string, string>
  value: number
  metricName: string
}

/** `value` with its shared labels among its labels, as prom-client's `get()` gives it. */
const splayed = ({ labels, sharedLabels, ...rest }: Value) => ({
  ...rest,
  labels: { ...labels, ...sharedLabels },
})

/**
 * A histogram by method, tallied in plain numbers and read by the registry as it reads
 * prom-client's own `Histogram`: the same `_bucket` lines (cumulative, with `le`, then `+Inf`),
 * `_sum` and `_count`, in `/metrics` and in the shares that `--workers` sums (`clusterMetrics.ts`).
 *
 * Why not prom-client's: it keeps a histogram's buckets in an object keyed by their bounds, numbers
 * such as `0.0005`, so each observation turns a number into a string twice in V8's runtime, on
 * every upstream call (docs/performance.md, "Issue 31, fourth pass").
 */
export function createTalliedHistogram(
  parameters: CreateTalliedHistogramParameters,
): TalliedHistogram {
  const { name, help, buckets } = parameters
  const tallies = new Map<string, Tally>()

  const values = (): Value[] => {
    const all: Value[] = []
    for (const { method, inBucket, sum, count } of tallies.values()) {
      const shared = { method }
      let below = 0
      buckets.forEach((bound, index) => {
        below += inBucket[index] ?? 0
        all.push({
          labels: { le: bound },
          sharedLabels: shared,
          value: below,
          metricName: `${name}_bucket`,
        })
      })
      all.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: shared,
          value: count,
          metricName: `${name}_bucket`,
        },
        { labels: {}, sharedLabels: shared, value: sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: shared, value: count, metricName: `${name}_count` },
      )
    }
    return all
  }
  const read = (values: object[]) => ({ name, help, type: 'histogram', values, aggregator: 'sum' })
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    /** What `/metrics` prints (the registry's text path). */
    getForPromString: async () => read(values()),
    /** What `getMetricsAsJSON` gives, a worker's share under `--workers`. */
    get: async () => read(values().map(splayed)),
    reset: () => tallies.clear(),
  }
  // The registry takes any metric that reads like its own; its types name only prom-client's classes.
  parameters.registry.registerMetric(metric as unknown as Histogram)

  return {
    observe(method, seconds) {
      let tally = tallies.get(method)
      if (!tally) {
        tally = { method, inBucket: buckets.map(() => 0), sum: 0, count: 0 }
        tallies.set(method, tally)
      }
      let index = 0
      while (index < buckets.length && seconds > (buckets[index] as number)) index++
      // Above the last bound: counted in `+Inf` (the count) only.
      if (index < buckets.length) tally.inBucket[index] = (tally.inBucket[index] ?? 0) + 1
      tally.sum += seconds
      tally.count++
    },
  }
}
