import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `approval:continueToSite`: on the phishing warning page, the user continues to the approval's
 * host on purpose. The host comes from the approval record (the browser's origin), never from the
 * window; a host that is not on the lists is not recorded.
 */
export const approvalContinueToSite =
  ({
    approvals,
    siteReputation,
    phishingContinued,
  }: Pick<
    PopupPorts,
    'approvals' | 'siteReputation' | 'phishingContinued'
  >): PopupHandler<'approval:continueToSite'> =>
  async ({ id }) => {
    const pending = await approvals.get(id)
    if (!pending || pending.result) return null
    const site = await siteReputation(pending.request.origin)
    if (site.kind === 'phishing') await phishingContinued.add(site.host)
    return null
  }
