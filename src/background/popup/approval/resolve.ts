import { phishingSite } from '../../../core/rpc/errors.ts'
import { requireUnlockedToApprove } from '../../../core/wallet/requireUnlockedToApprove.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `approval:resolve`: the user's answer to a session approval. Approving needs the wallet unlocked,
 * and, for a host on the phishing lists, the user's choice to continue to it (the window's warning
 * page is not trusted to have been shown).
 */
export const approvalResolve =
  ({
    wallet,
    approvals,
    siteReputation,
    phishingContinued,
  }: Pick<
    PopupPorts,
    'wallet' | 'approvals' | 'siteReputation' | 'phishingContinued'
  >): PopupHandler<'approval:resolve'> =>
  async ({ id, result }) => {
    await requireUnlockedToApprove(wallet, result.approved)
    const pending = result.approved ? await approvals.get(id) : undefined
    if (pending) {
      const site = await siteReputation(pending.request.origin)
      if (site.kind === 'phishing' && !(await phishingContinued.has(site.host))) {
        throw phishingSite(site.host)
      }
    }
    await approvals.resolve(id, result)
    return null
  }
