import type { ProviderContext, ProviderHandler } from './providerContext.ts'
import { currentView } from './providerContext.ts'

/**
 * Adds the wallet's EVM networks, with the accounts the user picks, to the origin's session
 * (`connectNamespace`: the approval window of DESIGN §4 with the standard sets, the site's current
 * chain first, the session's other namespaces left as they are; with `prompt`, asked again even
 * when connected, the approval then replacing the EVM scopes). Calls of one origin while that
 * window is open share it.
 */
export function connectEthereum(
  context: ProviderContext,
  origin: string,
  options: { prompt?: boolean } = {},
): Promise<unknown> {
  const shared = context.connecting.get(origin)
  if (shared) return shared
  const asked = currentView(context, origin)
    .then(({ chainId }) =>
      context.ports.multichain.connectNamespace({
        origin,
        namespace: 'eip155',
        prompt: options.prompt,
        firstChain: chainId,
      }),
    )
    .finally(() => context.connecting.delete(origin))
  context.connecting.set(origin, asked)
  return asked
}

/**
 * `eth_requestAccounts` (DESIGN §7): the site's accounts when its session holds EVM accounts;
 * otherwise the approval window (`connectEthereum`), then the accounts the user picked. A
 * rejection is `4001` for each caller sharing the window.
 */
export const requestAccounts: ProviderHandler = async (context, { origin }) => {
  const current = await currentView(context, origin)
  if (current.accounts.length > 0) return { result: current.accounts }
  await connectEthereum(context, origin)
  return { result: (await currentView(context, origin)).accounts }
}
