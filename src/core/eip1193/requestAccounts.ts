import type { ProviderHandler } from './providerContext.ts'
import { currentView } from './providerContext.ts'

/**
 * `eth_requestAccounts` (DESIGN §7): the site's accounts when its session holds EVM accounts;
 * otherwise the wallet's EVM networks join the origin's session with the accounts the user picks
 * (`connectNamespace`: the approval window of §4 with the standard sets, the session's other
 * namespaces left as they are). Calls of one origin while that window is open share it; a
 * rejection is `4001` for each.
 */
export const requestAccounts: ProviderHandler = async (context, { origin }) => {
  const current = await currentView(context, origin)
  if (current.accounts.length > 0) return { result: current.accounts }
  let shared = context.connecting.get(origin)
  if (!shared) {
    shared = context.ports.multichain
      .connectNamespace({ origin, namespace: 'eip155' })
      .finally(() => context.connecting.delete(origin))
    context.connecting.set(origin, shared)
  }
  await shared
  return { result: (await currentView(context, origin)).accounts }
}
