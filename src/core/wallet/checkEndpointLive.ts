import type { ChainId } from '../caip/types.ts'
import type { NodeClient } from '../eth/createHttpNodeClient.ts'
import { findNamespace } from '../multichain/namespace.ts'
import { walletNamespaces } from './namespaces.ts'
import { endpointCheckTimeoutMs } from './validateNetwork.ts'

/**
 * The live check of an endpoint given for `chainId` (the network form, `wallet_addEthereumChain`):
 * the chain's namespace asks the node at `client` whether it serves that chain
 * (`Namespace.checkEndpoint`), each call bounded by `endpointCheckTimeoutMs`. Resolves with a
 * message for the user when it does not (or when the namespace takes no endpoint), `undefined`
 * when it does.
 *
 * @example
 * await checkEndpointLive(createHttpNodeClient({ url: 'http://127.0.0.1:8545/v3/dev' }), 'eip155:31337') // undefined
 */
export async function checkEndpointLive(
  client: Pick<NodeClient, 'request'>,
  chainId: ChainId,
): Promise<string | undefined> {
  const check = findNamespace(walletNamespaces, chainId)?.checkEndpoint
  if (!check) return `The wallet takes no endpoint for ${chainId}.`
  return check(
    (method, params) => client.request(method, params, { timeoutMs: endpointCheckTimeoutMs }),
    chainId,
  )
}
