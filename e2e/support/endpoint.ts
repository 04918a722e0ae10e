/**
 * The node endpoint of `src/endpoint` (DESIGN §5), started in-process with its embedded anvil. The
 * e2e suite takes only this entry point (and its types) from `src`: the endpoint is the system
 * under test's other half, and starting it in-process gives the fixture its free port and anvil's
 * own URL for mining and deploying.
 */
import {
  type RunningEndpoint,
  type StartEndpointOptions,
  startEndpoint,
} from '../../src/endpoint/index.ts'

export type { RunningEndpoint, StartEndpointOptions }

/** Starts the node endpoint, silent unless told otherwise; with `port: 0` on a free port. */
export function startNodeEndpoint(options: StartEndpointOptions = {}): Promise<RunningEndpoint> {
  return startEndpoint({ logLevel: 'silent', ...options })
}

/** The endpoint's anvil, or an error saying the endpoint runs against another upstream. */
export function anvilOf(endpoint: RunningEndpoint): { rpcUrl: string; wsUrl: string } {
  if (!endpoint.anvil) {
    throw new Error(`the endpoint has no embedded anvil (upstream ${endpoint.upstreamUrl})`)
  }
  return endpoint.anvil
}
