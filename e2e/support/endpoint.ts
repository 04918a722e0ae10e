/**
 * The node endpoint of `src/endpoint` (DESIGN §5), started in-process with its embedded anvil. The
 * e2e suite takes only this entry point (and its types) from `src`: the endpoint is the system
 * under test's other half, and starting it in-process gives the fixture its free port and anvil's
 * own URL for mining and deploying.
 */
export type StartEndpointOptions = {
  /** `0` picks a free port. */
  port?: number
  host?: string
  apiKeys?: string[]
  upstream?: string
  queryTimeoutMs?: number
  filterTtlMs?: number
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug'
}

export type RunningEndpoint = {
  /** `http://127.0.0.1:<port>/v3/<key>` */
  httpUrl: string
  /** `ws://127.0.0.1:<port>/ws/v3/<key>` */
  wsUrl: string
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The embedded anvil, when the endpoint started one: test set-up talks to it directly. */
  anvil?: { rpcUrl: string; wsUrl: string }
  upstreamUrl: string
  close(): Promise<void>
}

type EndpointModule = { startEndpoint(options?: StartEndpointOptions): Promise<RunningEndpoint> }

const endpointModule = '../../src/endpoint/index.ts'

/** Starts the node endpoint; with `port: 0` on a free port. */
export async function startNodeEndpoint(
  options: StartEndpointOptions = {},
): Promise<RunningEndpoint> {
  const { startEndpoint } = (await import(endpointModule)) as EndpointModule
  return startEndpoint({ logLevel: 'silent', ...options })
}

/** The endpoint's anvil, or an error saying the endpoint runs against another upstream. */
export function anvilOf(endpoint: RunningEndpoint): { rpcUrl: string; wsUrl: string } {
  if (!endpoint.anvil)
    throw new Error(`the endpoint has no embedded anvil (upstream ${endpoint.upstreamUrl})`)
  return endpoint.anvil
}
