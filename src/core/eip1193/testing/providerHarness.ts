import type { ChainId } from '../../caip/types.ts'
import { createMultichainEngine } from '../../multichain/createMultichainEngine.ts'
import type { CreateOriginQueueParameters } from '../../multichain/createOriginQueue.ts'
import type { MultichainEngine } from '../../multichain/ports.ts'
import { type Answer, walletNamespacesOver } from '../../multichain/testing/engineHarness.ts'
import { createMemoryPorts, type MemoryPorts } from '../../multichain/testing/memoryPorts.ts'
import type { Json, RpcNotification } from '../../rpc/types.ts'
import {
  createEthereumProviderEngine,
  type EthereumProviderEngine,
} from '../createEthereumProviderEngine.ts'
import type { SiteState, TokenWatcher } from '../ports.ts'
import { withSessionChanges } from '../withSessionChanges.ts'

export type ProviderHarness = {
  ports: MemoryPorts
  multichain: MultichainEngine
  provider: EthereumProviderEngine
  sites: Map<string, SiteState>
  /** Every `wallet_watchAsset` the engine let through, in order (each answered `true`). */
  watched: Parameters<TokenWatcher['watchAsset']>[0][]
  /** Every EIP-1193 event sent, in order, with the origin it went to. */
  events: Array<{ origin: string; notification: RpcNotification }>
  /** Sends one EIP-1193 request from `origin` (default the dapp) on `tab-1#eip1193`, with a fresh id. */
  call(method: string, params?: unknown, origin?: string): Promise<Answer>
  /** The EIP-1193 events (`method`, `params`) sent to `origin`. */
  eventsTo(origin: string): Array<{ method: string; params: Json | undefined }>
}

/**
 * The provider engine over the Multichain API engine and in-memory ports, wired as the worker wires
 * them: sessions told to the provider engine on every change.
 */
export function createProviderHarness(
  options: { defaultChain?: ChainId; queue?: CreateOriginQueueParameters } = {},
): ProviderHarness {
  const ports = createMemoryPorts()
  const sites = new Map<string, SiteState>()
  const events: ProviderHarness['events'] = []
  const watched: ProviderHarness['watched'] = []
  const sessions = withSessionChanges(ports.sessions, (origin, before, after) =>
    provider.sessionChanged(origin, before, after),
  )
  const multichain = createMultichainEngine(
    { ...ports, sessions },
    {
      queue: options.queue,
      namespaces: walletNamespacesOver(ports),
    },
  )
  const provider: EthereumProviderEngine = createEthereumProviderEngine({
    multichain,
    sessions,
    approver: ports.approver,
    networks: ports.networks,
    tokens: {
      watchAsset: async (request) => {
        watched.push(request)
        return true
      },
    },
    capabilities: ports.capabilities,
    sites: {
      get: async (origin) => structuredClone(sites.get(origin)),
      set: async (origin, state) => {
        sites.set(origin, structuredClone(state))
      },
    },
    notifier: {
      toConnection: () => undefined,
      toOrigin: (origin, notification) => {
        events.push({ origin, notification })
      },
    },
    clock: ports.clock,
    defaultChain: async () => options.defaultChain ?? 'eip155:31337',
  })
  let nextId = 1
  return {
    ports,
    multichain,
    provider,
    sites,
    events,
    watched,
    call: (method, params, origin = 'https://app.example') =>
      provider.handleRequest(origin, 'tab-1#eip1193', {
        jsonrpc: '2.0',
        id: nextId++,
        method,
        ...(params === undefined ? {} : { params }),
      }),
    eventsTo: (origin) =>
      events
        .filter((event) => event.origin === origin)
        .map(({ notification }) => ({ method: notification.method, params: notification.params })),
  }
}
