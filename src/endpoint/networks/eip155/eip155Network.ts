import { isObject } from '@metamask/utils'
import { checkBlockParameters } from '../../../core/eth/checkBlockParameters.ts'
import { isEndpointMethod, pointReadMethods, sharedReadMethods } from '../../../core/eth/methods.ts'
import { randomSubscriptionId } from '../../createSubscriptionRelay.ts'
import { startAnvil, summarizeAnvil } from '../../startAnvil.ts'
import type { EndpointNetwork } from '../endpointNetwork.ts'
import { eip155CacheRules } from './cacheRules.ts'
import { createEip155Handlers } from './handlers.ts'
import { readFinalizedBlock } from './readFinalizedBlock.ts'

/** Methods whose first parameter's `to` is the contract they read. */
const callMethods = new Set(['eth_call', 'eth_estimateGas', 'eth_createAccessList'])
/** Methods whose first parameter is a log filter naming its contracts in `address`. */
const logMethods = new Set(['eth_getLogs', 'eth_newFilter'])

/** The contracts an EVM call names (for `allowedAddresses`), or undefined when it names none. */
function contractsOf(method: string, params: unknown): unknown[] | undefined {
  const args = Array.isArray(params) ? params : []
  if (callMethods.has(method)) return [isObject(args[0]) ? args[0].to : undefined]
  const isLogSubscription = method === 'eth_subscribe' && args[0] === 'logs'
  if (!logMethods.has(method) && !isLogSubscription) return undefined
  const filter = isLogSubscription ? args[1] : args[0]
  const address = isObject(filter) ? filter.address : undefined
  return Array.isArray(address) ? address : [address]
}

/**
 * An EVM network (DESIGN §5): the `src/core/eth` allow-list and block-number checks, log limits,
 * filters and `eth_subscribe`, point reads batched upstream, the finalized block for the cache, and
 * anvil as the embedded node.
 */
export const eip155Network: EndpointNetwork = {
  name: 'eip155',
  defaultPort: 8545,
  isMethod: isEndpointMethod,
  // Block numbers and indexes beyond 64 bits: refused here, never sent to the node (issue 11).
  checkParams: checkBlockParameters,
  handlers: createEip155Handlers,
  batchableMethods: new Set(pointReadMethods),
  pointReads: new Set(pointReadMethods),
  sharedReads: new Set(sharedReadMethods),
  cacheRules: eip155CacheRules,
  readFinalized: readFinalizedBlock,
  identity: { method: 'eth_chainId', field: 'chainId' },
  contractsOf,
  newSubscriptionId: randomSubscriptionId,
  async startLocalNode({ chainId }) {
    const anvil = await startAnvil(chainId === undefined ? {} : { chainId })
    return {
      rpcUrl: anvil.rpcUrl,
      wsUrl: anvil.wsUrl,
      summary: { anvil: summarizeAnvil(anvil) },
      stop: anvil.stop,
    }
  },
}
