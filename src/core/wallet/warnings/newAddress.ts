import { sameAccount, sentToBy } from './recipientBook.ts'
import { recipientsOf } from './recipientsOf.ts'
import type { WarningRule } from './warningRule.ts'

/**
 * `new-address` (info): the account has never sent to this recipient (the wallet's own activity)
 * and it is none of the wallet's accounts — worth a second look at a first payment.
 */
export const newAddress: WarningRule = (subject) => {
  const found = recipientsOf(subject)
  if (!found || !subject.book) return undefined
  const known = [...sentToBy(subject.book, found.account), ...subject.book.own]
  const fresh: string[] = []
  for (const { address, role } of found.recipients) {
    const seen = [...known, ...fresh].some((candidate) => sameAccount(candidate, address))
    if (role === 'recipient' && !seen) fresh.push(address)
  }
  const [first] = fresh
  if (first === undefined) return undefined
  const others = fresh.length > 1 ? ` (and ${fresh.length - 1} more new addresses)` : ''
  return {
    kind: 'new-address',
    level: 'info',
    message: `New address: this account has never sent to ${first}${others}.`,
  }
}
