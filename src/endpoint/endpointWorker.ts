/**
 * One endpoint process of `--workers N` (`startWorkers.ts`): starts the endpoint with the options the
 * primary put in its environment, tells the primary when it listens, and stops on SIGTERM or when
 * the primary goes away.
 */
import { startEndpoint } from './index.ts'
import { askPrimaryForMetrics } from './metrics/clusterMetrics.ts'
import { type WorkerReady, workerOptionsVariable } from './startWorkers.ts'

const endpoint = await startEndpoint({
  ...JSON.parse(process.env[workerOptionsVariable] ?? '{}'),
  // GET /metrics on any worker answers the sum over every worker.
  metricsScope: askPrimaryForMetrics,
})
const { network, httpUrl, wsUrl, origin, upstreamUrl } = endpoint
process.send?.({
  event: 'worker-ready',
  endpoint: { network, httpUrl, wsUrl, origin, upstreamUrl },
} satisfies WorkerReady)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  const forced = setTimeout(() => process.exit(0), 5000)
  forced.unref()
  endpoint.close().finally(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('disconnect', stop)
