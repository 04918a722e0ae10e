import type { RunningEndpoint } from './index.ts'
import type { NetworkName } from './networks/endpointNetwork.ts'

/**
 * What `npm run node -- --json` prints on stdout, as one JSON line, once the endpoint listens: the
 * addresses a supervisor (the e2e fixture, `npm start`, a script) needs, with the ports actually
 * bound (so `--port 0` is usable). The one stdout line with `"event":"ready"`; the others are logs.
 */
export type ReadyLine = {
  event: 'ready'
  /** The network served: `eip155` (EVM) or `solana`. */
  network: NetworkName
  /** `http://<host>:<port>/v3/<first key>` */
  http: string
  /** `ws://<host>:<port>/ws/v3/<first key>` */
  ws: string
  /** `http://<host>:<port>` */
  origin: string
  /** `<origin>/healthz` */
  health: string
  /** Every accepted key, the first one in `http` and `ws`. */
  apiKeys: string[]
  /** The upstream node's HTTP URL (the embedded node's when there is one). */
  upstream: string
  /** The embedded anvil; `null` with `--upstream` or on Solana. */
  anvil: { rpcUrl: string; wsUrl: string; chainId: number; pid: number } | null
  /** The embedded Surfpool (`--network solana` without `--upstream`); absent otherwise. */
  surfpool?: { rpcUrl: string; wsUrl: string; pid: number }
  /** The endpoint's own process id (with `--workers`, the primary's). */
  pid: number
  /** With `--workers N` (N > 1): the workers' process ids. */
  workers?: number[]
}

/** The ready line of a started endpoint that accepts `apiKeys`. */
export function readyLine(endpoint: RunningEndpoint, apiKeys: readonly string[]): ReadyLine {
  return {
    event: 'ready',
    network: endpoint.network,
    http: endpoint.httpUrl,
    ws: endpoint.wsUrl,
    origin: endpoint.origin,
    health: `${endpoint.origin}/healthz`,
    apiKeys: [...apiKeys],
    upstream: endpoint.upstreamUrl,
    anvil: endpoint.anvil ?? null,
    ...(endpoint.surfpool ? { surfpool: endpoint.surfpool } : {}),
    pid: process.pid,
  }
}
