import { requireUnlockedToApprove } from '../../../core/wallet/requireUnlockedToApprove.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/** `confirmation:resolve`: the user's answer to one confirmation; approving needs the wallet unlocked. */
export const confirmationResolve =
  ({
    wallet,
    confirmations,
  }: Pick<PopupPorts, 'wallet' | 'confirmations'>): PopupHandler<'confirmation:resolve'> =>
  async ({ id, approved }) => {
    await requireUnlockedToApprove(wallet, approved)
    await confirmations.resolve(id, approved)
    return null
  }
