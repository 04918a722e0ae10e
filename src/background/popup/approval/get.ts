import type { ChainId } from '../../../core/caip/types.ts'
import { namespaceAccounts } from '../../../core/wallet/namespaceAccounts.ts'
import { networkNameOf } from '../../../core/wallet/networks.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `approval:get`: a pending `wallet_createSession` approval as its window shows it — the request,
 * the site's reputation on the phishing lists, the offered chains' names and each account's address
 * in their namespaces — or `null` once it is answered or gone.
 */
export const approvalGet =
  ({
    approvals,
    networks,
    siteReputation,
    phishingContinued,
  }: Pick<
    PopupPorts,
    'approvals' | 'networks' | 'siteReputation' | 'phishingContinued'
  >): PopupHandler<'approval:get'> =>
  async ({ id }) => {
    const pending = await approvals.get(id)
    if (!pending || pending.result) return null
    const all = await networks.networks()
    const chainIds: ChainId[] = pending.request.chains.map(({ chainId }) => chainId)
    const site = await siteReputation(pending.request.origin)
    return {
      id,
      request: pending.request,
      site,
      phishingContinued: site.kind === 'phishing' && (await phishingContinued.has(site.host)),
      chainNames: Object.fromEntries(
        chainIds.map((chainId) => [chainId, networkNameOf(all, chainId)]),
      ),
      namespaceAccounts: namespaceAccounts(chainIds, await networks.capabilities.get()),
    }
  }
