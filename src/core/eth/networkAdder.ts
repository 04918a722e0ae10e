import type { RequestIdentity } from '../protocol/requestIdentity.ts'
import type { NetworkDraft } from '../wallet/validateNetwork.ts'

/**
 * Adds an EVM network the page asks for (`wallet_addEthereumChain`, EIP-3085): checks it as the
 * settings form does (the same rules and the live `eth_chainId` check; `-32602` with the problems),
 * asks the user in the confirmation window (`4001` when rejected) and keeps it. A chain the wallet
 * already has is answered at once. Resolves with `null`, EIP-3085's result.
 */
export interface NetworkAdder {
  addNetwork(request: { origin: string; draft: NetworkDraft } & RequestIdentity): Promise<null>
}
