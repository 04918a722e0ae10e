import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import type { NetworkDraft } from '../wallet/validateNetwork.ts'

/**
 * Adds an EVM network the page asks for (`wallet_addEthereumChain`, EIP-3085): checks it with the
 * settings form's rules (`-32602` with the problems), asks the user in the confirmation window,
 * where the live `eth_chainId` check runs at the user's asking, and keeps it (`4001` for anything
 * but an addition after a passing check). A chain the wallet already has is answered at once.
 * Resolves with `null`, EIP-3085's result.
 */
export interface NetworkAdder {
  addNetwork(request: { origin: string; draft: NetworkDraft } & RequestIdentity): Promise<null>
}
