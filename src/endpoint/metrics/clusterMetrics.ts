import type { Worker } from 'node:cluster'
import { AggregatorRegistry, type Registry } from 'prom-client'

/** A worker asks its primary for every worker's metrics summed. */
type MetricsRequest = { event: 'metrics-request'; id: number }
/** The primary's answer: the Prometheus text, or why it has none. */
type MetricsAnswer = { event: 'metrics-answer'; id: number } & (
  | { text: string }
  | { error: string }
)

const isEvent = <T extends { event: string }>(message: unknown, event: T['event']): message is T =>
  typeof message === 'object' &&
  message !== null &&
  (message as { event?: unknown }).event === event

let aggregator: AggregatorRegistry<'text/plain; version=0.0.4; charset=utf-8'> | undefined

/**
 * In the primary of `--workers N`: answers a worker's request for the metrics of every worker,
 * summed by prom-client's `AggregatorRegistry` (which asks each worker for its registry over IPC).
 * `GET /metrics` reaches one worker, which has only its own share of the counts.
 */
export function serveClusterMetrics(worker: Worker): void {
  aggregator ??= new AggregatorRegistry()
  const registry = aggregator
  worker.on('message', (message: unknown) => {
    if (!isEvent<MetricsRequest>(message, 'metrics-request')) return
    registry.clusterMetrics().then(
      (text) => worker.send({ event: 'metrics-answer', id: message.id, text } as MetricsAnswer),
      (error: unknown) =>
        worker.send({
          event: 'metrics-answer',
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        } as MetricsAnswer),
    )
  })
}

/**
 * In a worker of `--workers N`: offers `registry` to the primary's aggregation, and reads
 * `GET /metrics` as the sum over every worker, asked of the primary.
 */
export function askPrimaryForMetrics(registry: Registry): () => Promise<string> {
  // Constructing one installs prom-client's worker side (answering the primary's requests).
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries(registry)
  let nextId = 0
  const waiting = new Map<number, (answer: MetricsAnswer) => void>()
  process.on('message', (message: unknown) => {
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
