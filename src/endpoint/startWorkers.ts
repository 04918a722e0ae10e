import cluster, { type Worker } from 'node:cluster'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { RunningEndpoint, StartEndpointOptions } from './index.ts'
import { createClusterMetrics } from './metrics/clusterMetrics.ts'
import type { LocalNode } from './networks/endpointNetwork.ts'
import { networkOf } from './networks/networkOf.ts'

/** How the primary hands a worker its options (JSON in the environment). */
export const workerOptionsVariable = 'APERTURE_WORKER_OPTIONS'

/** What a worker tells the primary once it listens. */
export type WorkerReady = { event: 'worker-ready'; endpoint: Omit<RunningEndpoint, 'close'> }

export type StartWorkersOptions = StartEndpointOptions & {
  /** How many endpoint processes share the port. */
  workers: number
  /** Told about a worker that died and was replaced. */
  onWorkerExit?: (pid: number, code: number | null, signal: string | null) => void
}

export type RunningWorkers = RunningEndpoint & {
  /** Process ids of the live workers. */
  workerPids(): number[]
}

const isWorkerReady = (message: unknown): message is WorkerReady =>
  typeof message === 'object' &&
  message !== null &&
  (message as { event?: unknown }).event === 'worker-ready'

/**
 * `--workers N` (issue 12): N endpoint processes (node:cluster) on one port, the primary accepting
 * connections and handing them out. They share filters through Redis, so more than one worker
 * needs `redisUrl`: without it a poll landing on another worker would answer `filter not found`.
 * The primary spawns the network's embedded node once (the workers use it as their upstream),
 * replaces a worker that dies, and on `close()` stops the workers, then the node.
 */
export async function startWorkers(options: StartWorkersOptions): Promise<RunningWorkers> {
  const { workers: count, onWorkerExit, ...endpointOptions } = options
  if (!Number.isInteger(count) || count < 1) throw new Error('--workers must be at least 1')
  if (count > 1 && !endpointOptions.redisUrl) {
    throw new Error(
      `--workers ${count} needs --redis (or APERTURE_REDIS_URL): each worker would keep its own ` +
        'filters, and a poll reaching another worker would answer "filter not found"',
    )
  }
  let localNode: LocalNode | undefined
  if (!endpointOptions.upstream) {
    localNode = await networkOf(endpointOptions.network ?? 'eip155', {
      localNode: true,
    }).startLocalNode(
      endpointOptions.chainId === undefined ? {} : { chainId: endpointOptions.chainId },
    )
  }
  let workerOptions: StartEndpointOptions = {
    ...endpointOptions,
    // One secret for every worker: a key has one label in the summed metrics.
    metricsLabelSecret: endpointOptions.metricsLabelSecret ?? randomBytes(32).toString('hex'),
    ...(localNode ? { upstream: localNode.rpcUrl, upstreamWs: localNode.wsUrl } : {}),
  }
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./endpointWorker.ts', import.meta.url)),
    args: [],
    // The workers run TypeScript as this process does (tsx's loader is in execArgv).
    execArgv: process.execArgv,
  })

  let stopping = false
  const live = new Set<Worker>()
  const metrics = createClusterMetrics()
  const fork = (): Promise<WorkerReady> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [workerOptionsVariable]: JSON.stringify(workerOptions) })
      live.add(worker)
      let ready = false
      worker.on('message', (message: unknown) => {
        if (!isWorkerReady(message)) return
        ready = true
        // From now on its registry exists: scrapes ask it (its scrapes come after this message).
        metrics.serve(worker)
        resolve(message)
      })
      worker.once('exit', (code, signal) => {
        live.delete(worker)
        if (!ready) {
          reject(new Error(`an endpoint worker exited with ${signal ?? code} before it was ready`))
          return
        }
        if (stopping) return
        onWorkerExit?.(worker.process.pid ?? 0, code, signal)
        fork().catch((error: unknown) => onWorkerExit?.(0, null, String(error)))
      })
    })

  const stopWorkers = async () => {
    stopping = true
    await Promise.all(
      [...live].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve()
            const killer = setTimeout(() => worker.process.kill('SIGKILL'), 5000)
            worker.once('exit', () => {
              clearTimeout(killer)
              resolve()
            })
            worker.process.kill('SIGTERM')
          }),
      ),
    )
  }

  let first: WorkerReady
  try {
    ;[first] = (await Promise.all(Array.from({ length: count }, fork))) as [WorkerReady]
  } catch (error) {
    await stopWorkers()
    await localNode?.stop()
    throw error
  }
  // A worker started later (replacing a dead one) listens on the port the first ones got: with
  // `port: 0` and every worker dead, the primary would otherwise bind another free port.
  workerOptions = { ...workerOptions, port: Number(new URL(first.endpoint.origin).port) }
  let closing: Promise<void> | undefined
  return {
    ...first.endpoint,
    ...localNode?.summary,
    workerPids: () => [...live].map((worker) => worker.process.pid ?? 0),
    close() {
      closing ??= stopWorkers().finally(() => localNode?.stop())
      return closing
    },
  }
}
