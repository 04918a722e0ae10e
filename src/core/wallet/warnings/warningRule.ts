import type { Json } from '../../rpc/types.ts'
import type { ConfirmationViews, SolanaConfirmationViews } from '../confirmationViews.ts'
import type { KnownBadAddress } from './knownBadListFeed.ts'
import type { RecipientBook } from './recipientBook.ts'
import type { Warning } from './warning.ts'

/**
 * A confirmation as its warnings are computed: the page that asks, its kind and its view, what the
 * wallet's records say of recipients (`book`; without it the rules that need the records stay
 * silent), and the known-bad list in force (`knownBadList`: the update the user's setting fetched,
 * or, when absent, the list bundled with the build).
 */
export type WarningSubject = {
  origin: string
  kind: string
  view: Json
  book?: RecipientBook
  knownBadList?: readonly KnownBadAddress[]
}

/**
 * One kind of warning: the verdict on a confirmation, or `undefined` when it does not apply. A new
 * kind is a file exporting one of these, listed in `confirmationWarnings.ts`.
 */
export type WarningRule = (subject: WarningSubject) => Warning | undefined

/** Every confirmation view the worker builds, by kind. */
type Views = ConfirmationViews & SolanaConfirmationViews

/** `subject`'s view as the worker built it for `kind`, or `undefined` for another kind. */
export function viewOf<Kind extends keyof Views>(
  subject: WarningSubject,
  kind: Kind,
): Views[Kind] | undefined {
  return subject.kind === kind ? (subject.view as unknown as Views[Kind]) : undefined
}
