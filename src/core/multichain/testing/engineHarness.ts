import type { Json, RpcErrorObject } from '../../rpc/types.ts'
import { createWalletNamespaces } from '../../wallet/namespaces.ts'
import { createMultichainEngine } from '../createMultichainEngine.ts'
import type { Namespace } from '../namespace.ts'
import type { EngineResponse, MultichainEngine } from '../ports.ts'
import { createMemoryPorts, type MemoryPorts } from './memoryPorts.ts'

export const dapp = 'https://app.example'
export const otherDapp = 'https://other.example'
export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A response whose `result`, `resultJson` and `error` can all be read (one is defined). */
export type Answer = EngineResponse & { result?: Json; resultJson?: string; error?: RpcErrorObject }

export type Harness = {
  ports: MemoryPorts
  engine: MultichainEngine
  /** Sends one request from `origin` (default the dapp) on connection `tab-1`, with a fresh id. */
  call(method: string, params?: unknown, origin?: string, connection?: string): Promise<Answer>
  /** The `wallet_sessionChanged` scopes sent to `origin`, in order. */
  sessionChanges(origin?: string): Json[]
}

export type HarnessOptions = Parameters<typeof createMemoryPorts>[0] & {
  /** The namespaces the engine is handed (default: the wallet's, over the in-memory ports). */
  namespaces?: (ports: MemoryPorts) => readonly Namespace[]
}

/** The wallet's namespaces, built over the in-memory ports as the worker builds them over its own. */
export const walletNamespacesOver = (ports: MemoryPorts): readonly Namespace[] =>
  createWalletNamespaces({
    signer: ports.signer,
    solanaSigner: ports.solanaSigner,
    networks: ports.networks,
  })

/** An engine over fresh in-memory ports, with a helper to send requests. */
export function createHarness(options: HarnessOptions = {}): Harness {
  const { namespaces = walletNamespacesOver, ...portOptions } = options
  const ports = createMemoryPorts(portOptions)
  const engine = createMultichainEngine(ports, { namespaces: namespaces(ports) })
  let nextId = 1
  return {
    ports,
    engine,
    call: (method, params, origin = dapp, connection = 'tab-1') =>
      engine.handleRequest(origin, connection, {
        jsonrpc: '2.0',
        id: nextId++,
        method,
        ...(params === undefined ? {} : { params }),
      }),
    sessionChanges: (origin = dapp) =>
      ports.sent.flatMap((sent) =>
        sent.to === 'origin' &&
        sent.origin === origin &&
        sent.notification.method === 'wallet_sessionChanged'
          ? [(sent.notification.params as { sessionScopes: Json }).sessionScopes]
          : [],
      ),
  }
}

/** A request for read access on mainnet, the usual first call of a dapp. */
export const mainnetRequest = {
  requiredScopes: {
    'eip155:1': { methods: ['eth_call', 'eth_getBalance'], notifications: [] },
  },
}
