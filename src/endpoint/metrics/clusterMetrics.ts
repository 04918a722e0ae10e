import type { Worker } from 'node:cluster'
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client'

/**
 * How long a scrape waits for the workers' metrics. A worker that has not answered by then (its
 * event loop blocked: a hung worker) is left out of the sum, and the scrape still answers well
 * within Prometheus's default 10 s scrape timeout — the metrics matter most when one worker hangs.
 */
export const workerMetricsDeadlineMs = 2000

/** A worker asks its primary for every worker's metrics summed (a scrape of `GET /metrics`). */
type MetricsRequest = { event: 'metrics-request'; id: number }
/** The primary's answer: the Prometheus text, or why it has none. */
type MetricsAnswer = { event: 'metrics-answer'; id: number } & (
  | { text: string }
  | { error: string }
)
/** The primary asks a worker for its own registry. */
type MetricsCollect = { event: 'metrics-collect'; id: number }
/** A worker's registry as `getMetricsAsJSON()` gives it, or why it has none. */
type MetricsShare = { event: 'metrics-share'; id: number } & (
  | { metrics: object[] }
  | { error: string }
)

const isEvent = <T extends { event: string }>(message: unknown, event: T['event']): message is T =>
  typeof message === 'object' &&
  message !== null &&
  (message as { event?: unknown }).event === event

/** A scrape under way in the primary: the workers still to answer, and the registries received. */
type Collection = { waiting: Set<Worker>; shares: object[][]; finish(): void }

export type ClusterMetrics = {
  /** Counts `worker` (ready: its registry exists) in every scrape from now on; answers its scrapes. */
  serve(worker: Worker): void
  /** Scrapes waiting for workers' answers (0 between scrapes: nothing is kept for a late answer). */
  pending(): number
}

/**
 * In the primary of `--workers N`: a scrape reaching any worker is answered with the sum over every
 * worker (`GET /metrics` reaches one worker, which has only its own share of the counts). The
 * primary asks each live worker for its registry over IPC, waits at most `deadlineMs`, and sums what
 * came back with prom-client's `AggregatorRegistry.aggregate`; `aperture_metrics_workers` and
 * `aperture_metrics_workers_missing` say how many workers were asked and how many are left out.
 * An answer after the deadline is dropped; a worker that exits stops being waited for.
 */
export function createClusterMetrics(deadlineMs = workerMetricsDeadlineMs): ClusterMetrics {
  const workers = new Set<Worker>()
  const collections = new Map<number, Collection>()
  let nextId = 0

  const stopWaiting = (worker: Worker, collection: Collection) => {
    if (collection.waiting.delete(worker) && collection.waiting.size === 0) collection.finish()
  }

  const collect = () =>
    new Promise<{ shares: object[][]; asked: number }>((resolve) => {
      const id = nextId++
      const asked = [...workers].filter((worker) => worker.isConnected())
      const finish = () => {
        clearTimeout(deadline)
        collections.delete(id)
        resolve({ shares: collection.shares, asked: asked.length })
      }
      const collection: Collection = { waiting: new Set(asked), shares: [], finish }
      const deadline = setTimeout(finish, deadlineMs)
      collections.set(id, collection)
      if (asked.length === 0) return finish()
      for (const worker of asked) {
        worker.send(
          { event: 'metrics-collect', id } satisfies MetricsCollect,
          undefined,
          (error) => {
            // Its channel closed as it was asked (the worker is exiting): it will not answer.
            if (error) stopWaiting(worker, collection)
          },
        )
      }
    })

  const summed = async (): Promise<string> => {
    const { shares, asked } = await collect()
    const registry = AggregatorRegistry.aggregate(shares)
    new Gauge({
      name: 'aperture_metrics_workers',
      help: 'Workers (--workers) asked for their metrics by this scrape',
      registers: [registry],
    }).set(asked)
    new Gauge({
      name: 'aperture_metrics_workers_missing',
      help: `Workers that did not answer this scrape within ${deadlineMs} ms: their counts are not in the sums`,
      registers: [registry],
    }).set(asked - shares.length)
    return registry.metrics()
  }

  const answer = (worker: Worker, message: MetricsAnswer) => {
    if (!worker.isConnected()) return
    worker.send(message, undefined, () => {
      // A failed send: the worker went away while its scrape was summed, the scrape's connection
      // with it; nobody is left to answer.
    })
  }

  return {
    serve(worker) {
      workers.add(worker)
      worker.on('message', (message: unknown) => {
        if (isEvent<MetricsShare>(message, 'metrics-share')) {
          const collection = collections.get(message.id)
          // A late answer (the scrape is over) or one not asked for: dropped.
          if (!collection?.waiting.has(worker)) return
          if ('metrics' in message) collection.shares.push(message.metrics)
          // A worker that failed to read its registry is counted missing, like a silent one.
          stopWaiting(worker, collection)
          return
        }
        if (!isEvent<MetricsRequest>(message, 'metrics-request')) return
        const { id } = message
        summed().then(
          (text) => answer(worker, { event: 'metrics-answer', id, text }),
          (error: unknown) =>
            answer(worker, {
              event: 'metrics-answer',
              id,
              error: error instanceof Error ? error.message : String(error),
            }),
        )
      })
      worker.once('exit', () => {
        workers.delete(worker)
        for (const collection of collections.values()) stopWaiting(worker, collection)
      })
    },
    pending: () => collections.size,
  }
}

/**
 * In a worker of `--workers N`: answers the primary's requests for `registry`, and reads
 * `GET /metrics` as the sum over every worker, asked of the primary.
 */
export function askPrimaryForMetrics(registry: Registry): () => Promise<string> {
  let nextId = 0
  const waiting = new Map<number, (answer: MetricsAnswer) => void>()
  process.on('message', (message: unknown) => {
    if (isEvent<MetricsCollect>(message, 'metrics-collect')) {
      const { id } = message
      registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ event: 'metrics-share', id, metrics } satisfies MetricsShare),
        (error: unknown) =>
          process.send?.({
            event: 'metrics-share',
            id,
            error: error instanceof Error ? error.message : String(error),
          } satisfies MetricsShare),
      )
      return
    }
    if (!isEvent<MetricsAnswer>(message, 'metrics-answer')) return
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  })
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++
      waiting.set(id, (answer) => {
        if ('text' in answer) resolve(answer.text)
        else reject(new Error(`metrics of the other workers unavailable: ${answer.error}`))
      })
      process.send?.({ event: 'metrics-request', id } satisfies MetricsRequest)
    })
}
