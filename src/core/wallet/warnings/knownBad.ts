import bundledList from './knownBadAddresses.json'
import { sameAccount } from './recipientBook.ts'
import { recipientsOf } from './recipientsOf.ts'
import type { WarningRule } from './warningRule.ts'

/** One listed address and why (the format of MyEtherWallet's ethereum-lists `addresses-darklist.json`). */
export type KnownBadAddress = { address: string; comment: string; date: string }

/**
 * `known-bad` (block) over `list`: a recipient or spender on the list of addresses known to have
 * stolen funds. The user steps past it on purpose (`warning-continue`) or rejects.
 */
export function createKnownBad(list: readonly KnownBadAddress[]): WarningRule {
  return (subject) => {
    for (const { address, role } of recipientsOf(subject)?.recipients ?? []) {
      const listed = list.find((entry) => sameAccount(entry.address, address))
      if (!listed) continue
      const reason = listed.comment === '' ? '' : ` (${listed.comment.slice(0, 120)})`
      return {
        kind: 'known-bad',
        level: 'block',
        message: `Known scam address: ${address}, the ${role} here, is on the list of addresses known to have stolen funds${reason}. Anything sent to it is lost.`,
      }
    }
    return undefined
  }
}

/** `known-bad` over the list bundled with the build (docs/security.md says where it comes from). */
export const knownBad: WarningRule = createKnownBad(bundledList)
