import { requireUnlockedToApprove } from '../../../core/wallet/requireUnlockedToApprove.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmation:resolve`: the user's answer to one confirmation; approving needs the wallet
 * unlocked and, for a confirmation with `block` warnings, their kinds in `acknowledged`.
 */
export const confirmationResolve =
  ({
    wallet,
    confirmations,
  }: Pick<PopupPorts, 'wallet' | 'confirmations'>): PopupHandler<'confirmation:resolve'> =>
  async ({ id, approved, acknowledged }) => {
    await requireUnlockedToApprove(wallet, approved)
    await confirmations.resolve(
      id,
      approved,
      Array.isArray(acknowledged) ? acknowledged.filter((kind) => typeof kind === 'string') : [],
    )
    return null
  }
