import { isObject } from '@metamask/utils'
import { chooseFee, type FeeChoice } from '../eth/fees/chooseFee.ts'
import type { FeeOption } from '../eth/fees/feeOption.ts'
import { feeChoiceOf, type TransactionFees } from '../eth/fees/offerFees.ts'
import { invalidFields } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'

/** The fee offer of a confirmation's view (`fees`, as a transaction's view carries it), if any. */
const offerOf = (view: Json): TransactionFees | undefined =>
  isObject(view) && isObject(view.fees) ? (view.fees as unknown as TransactionFees) : undefined

/**
 * The fee to sign for a confirmation: the user's `choice` (or, without one, the offer's default)
 * on the market its window showed, checked by `chooseFee` — a custom fee out of bounds, below 0 or
 * with the priority above the max fee throws `invalid_fields`. Undefined for a view that offers no
 * fee choice; a choice sent for one is refused.
 *
 * @example chooseConfirmationFee(record.view, { name: 'fast' }).fee // { type: 'eip1559', … }
 */
export function chooseConfirmationFee(
  view: Json,
  choice: FeeChoice | undefined,
): FeeOption | undefined {
  const offer = offerOf(view)
  if (offer === undefined) {
    if (choice !== undefined) throw invalidFields({ fee: 'This request has no fee to choose' })
    return undefined
  }
  return chooseFee(offer.market, choice ?? feeChoiceOf(offer))
}
