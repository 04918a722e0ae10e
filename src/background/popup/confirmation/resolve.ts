import { parseFeeChoice } from '../../../core/eth/fees/chooseFee.ts'
import { invalidFields } from '../../../core/rpc/errors.ts'
import { chooseConfirmationFee } from '../../../core/wallet/chooseConfirmationFee.ts'
import { requireUnlockedToApprove } from '../../../core/wallet/requireUnlockedToApprove.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `confirmation:resolve`: the user's answer to one confirmation; approving needs the wallet
 * unlocked and, for a confirmation with `block` warnings, their kinds in `acknowledged`. A fee
 * picked on a transaction is checked here against what its window offered
 * (`chooseConfirmationFee`) before the approval is recorded: a refused one leaves it waiting.
 */
export const confirmationResolve =
  ({
    wallet,
    confirmations,
  }: Pick<PopupPorts, 'wallet' | 'confirmations'>): PopupHandler<'confirmation:resolve'> =>
  async ({ id, approved, acknowledged, fee }) => {
    await requireUnlockedToApprove(wallet, approved)
    const choice = fee === undefined ? undefined : parseFeeChoice(fee)
    if (fee !== undefined && choice === undefined) {
      throw invalidFields({ fee: 'Pick slow, normal, fast or a custom fee' })
    }
    if (!approved) return confirmations.resolve(id, false).then(() => null)
    const record = (await confirmations.pending()).find((pending) => pending.id === id)
    if (record) chooseConfirmationFee(record.view, choice)
    await confirmations.resolve(
      id,
      true,
      Array.isArray(acknowledged) ? acknowledged.filter((kind) => typeof kind === 'string') : [],
      choice,
    )
    return null
  }
