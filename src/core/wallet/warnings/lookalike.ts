import { sameAccount, sentToBy } from './recipientBook.ts'
import { recipientsOf } from './recipientsOf.ts'
import type { WarningRule } from './warningRule.ts'

/** How many characters at each end of an address people compare (after `0x` on EVM). */
const comparedEnds = 4

/** The part of an address people read: EVM hex without `0x`, in one case; base58 as it is. */
const readable = (address: string): string =>
  address.startsWith('0x') ? address.slice(2).toLowerCase() : address

/**
 * Whether `address` looks like `known` to someone who checks only its ends: the same first and
 * last 4 characters (hex after `0x`, or base58), in the same namespace, and another address.
 *
 * @example looksAlike('0xf39f…2266', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // true
 */
export function looksAlike(address: string, known: string): boolean {
  if (address.startsWith('0x') !== known.startsWith('0x') || sameAccount(address, known)) {
    return false
  }
  const [a, b] = [readable(address), readable(known)]
  return (
    a.slice(0, comparedEnds) === b.slice(0, comparedEnds) &&
    a.slice(-comparedEnds) === b.slice(-comparedEnds)
  )
}

/**
 * `lookalike` (block): a recipient or spender that shares its first and last 4 characters with an
 * address the account sent to, or one of the wallet's own accounts, and is not it — the mark of
 * address poisoning, where a scammer's lookalike is planted in the history to be copied. The
 * message names the address it imitates.
 */
export const lookalike: WarningRule = (subject) => {
  const found = recipientsOf(subject)
  if (!found || !subject.book) return undefined
  const own = subject.book.own
  const sentTo = sentToBy(subject.book, found.account)
  for (const { address } of found.recipients) {
    const imitated =
      own.find((candidate) => looksAlike(address, candidate)) ??
      sentTo.find((candidate) => looksAlike(address, candidate))
    if (imitated === undefined) continue
    const whose = own.some((candidate) => sameAccount(candidate, imitated))
      ? 'one of your own accounts'
      : 'an address this account has sent to'
    return {
      kind: 'lookalike',
      level: 'block',
      message: `Lookalike address: ${address} begins and ends like ${imitated}, ${whose}, but it is another address. Scammers plant such addresses in your history (address poisoning): check every character.`,
    }
  }
  return undefined
}
