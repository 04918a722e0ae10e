import type { ChainId } from '../../../core/caip/types.ts'
import { grantedAccountKeys, namespaceAccounts } from '../../../core/wallet/namespaceAccounts.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `connections:list`: every connected site by origin, with its session, its latest calls, what its
 * EIP-1193 provider sees, the chains an edit may keep (granted or requested), the accounts it
 * grants by the wallet's keys, and each account's address in the session's namespaces.
 */
export const connectionsList =
  ({
    sessions,
    networks,
    activity,
    ethereum,
  }: Pick<
    PopupPorts,
    'sessions' | 'networks' | 'activity' | 'ethereum'
  >): PopupHandler<'connections:list'> =>
  async () => {
    const all = await sessions.list()
    const capabilities = await networks.capabilities.get()
    const views = await Promise.all(
      all.map(async (view) => {
        const offeredChains = [
          ...new Set([
            ...Object.keys(view.session.sessionScopes),
            ...Object.keys(view.session.requestedScopes),
          ]),
        ] as ChainId[]
        return {
          ...view,
          activity: await activity.read(view.origin),
          ethereum: await ethereum.view(view.origin),
          offeredChains,
          accountKeys: grantedAccountKeys(view.session.sessionScopes, capabilities),
          namespaceAccounts: namespaceAccounts(offeredChains, capabilities),
        }
      }),
    )
    return views.sort((a, b) => a.origin.localeCompare(b.origin))
  }
