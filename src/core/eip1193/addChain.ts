import type { ChainId } from '../caip/types.ts'
import { parseAddEthereumChainParams } from '../eth/parseAddEthereumChainParams.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { invalidParams } from '../rpc/errors.ts'
import { chooseChain, liveSession, type ProviderHandler, walletChains } from './providerContext.ts'
import { evmChains, hexChainId } from './siteView.ts'
import { moveToChain, permitChain } from './switchChain.ts'

/**
 * `wallet_addEthereumChain [params]` (EIP-3085, DESIGN §7): a chain the wallet has is a switch;
 * otherwise one confirmation (the network form's rules, the live check at the user's asking, `NetworkAdder`) adds the
 * network, and approving also adds it to the session (no second window) and makes it the site's
 * chain. Rejected → `4001`.
 */
export const addChain: ProviderHandler = async (context, call) => {
  const { origin } = call
  const parsed = parseAddEthereumChainParams(call.params)
  if ('problems' in parsed) throw invalidParams(parsed.problems)
  const chainId = parsed.draft.chainId as ChainId
  if ((await walletChains(context)).includes(chainId)) {
    return { result: await moveToChain(context, origin, chainId, hexChainId(chainId)) }
  }
  await context.ports.networks.addNetwork({
    origin,
    ...requestIdentityOf(call.connection, call.id, call.method, call.params),
    draft: parsed.draft,
  })
  const session = await liveSession(context, origin)
  if (session && evmChains(Object.keys(session.sessionScopes)).length > 0) {
    await permitChain(context, origin, session, chainId, false)
  }
  await chooseChain(context, origin, chainId)
  return { result: null }
}
