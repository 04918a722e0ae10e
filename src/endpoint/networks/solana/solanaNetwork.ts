import {
  isSolanaEndpointMethod,
  solanaPointReadMethods,
  solanaSharedReadMethods,
} from '../../../core/solana/methods.ts'
import { validateSolanaParams } from '../../../core/solana/validateSolanaParams.ts'
import { startSurfpool } from '../../startSurfpool.ts'
import type { EndpointNetwork } from '../endpointNetwork.ts'
import { solanaCacheRules } from './cacheRules.ts'
import { createSolanaHandlers } from './handlers.ts'
import { readFinalizedSlot } from './readFinalizedSlot.ts'

const pointReads: ReadonlySet<string> = new Set(solanaPointReadMethods)
const sharedReads: ReadonlySet<string> = new Set(solanaSharedReadMethods)

export type SolanaNetworkOptions = {
  /** The node is a local (test) one: `requestAirdrop` is allowed. */
  localNode: boolean
}

/**
 * Solana (DESIGN §8 "Endpoint"): the `src/core/solana` allow-list and param checks, answers bounded
 * in bytes and time, `accountSubscribe` & co. relayed (numeric subscription ids, as Solana's), the
 * finalized slot for the cache, Surfpool as the embedded node. Upstream calls go alone: Surfpool
 * refuses JSON-RPC batches; point reads are pipelined.
 */
export function solanaNetwork(options: SolanaNetworkOptions): EndpointNetwork {
  let nextSubscriptionId = 0
  return {
    name: 'solana',
    defaultPort: 8899,
    isMethod: (method, transport) => isSolanaEndpointMethod(method, transport, options),
    checkParams: validateSolanaParams,
    handlers: createSolanaHandlers,
    batchableMethods: new Set(),
    pointReads,
    sharedReads,
    cacheRules: solanaCacheRules,
    readFinalized: readFinalizedSlot,
    identity: { method: 'getGenesisHash', field: 'genesisHash' },
    contractsOf: () => undefined,
    newSubscriptionId: () => nextSubscriptionId++,
    async startLocalNode() {
      const surfpool = await startSurfpool()
      const { rpcUrl, wsUrl, pid } = surfpool
      return { rpcUrl, wsUrl, summary: { surfpool: { rpcUrl, wsUrl, pid } }, stop: surfpool.stop }
    },
  }
}
