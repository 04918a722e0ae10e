import { requireUnlockedToApprove } from '../../../core/wallet/requireUnlockedToApprove.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `approval:resolve`: the user's answer to a session approval; approving needs the wallet unlocked. */
export const approvalResolve =
  ({
    wallet,
    approvals,
  }: Pick<PopupPorts, 'wallet' | 'approvals'>): PopupHandler<'approval:resolve'> =>
  async ({ id, result }) => {
    await requireUnlockedToApprove(wallet, result.approved)
    await approvals.resolve(id, result)
    return null
  }
