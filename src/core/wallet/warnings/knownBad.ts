import bundledList from './knownBadAddresses.json'
import { sameAccount } from './recipientBook.ts'
import { recipientsOf } from './recipientsOf.ts'
import type { WarningRule } from './warningRule.ts'

/**
 * `known-bad` (block): a recipient or spender on the list of addresses known to have stolen funds —
 * the subject's `knownBadList` (the update fetched with the user's setting on), else the list
 * bundled with the build (docs/security.md says where both come from). The user steps past it on
 * purpose (`warning-continue`) or rejects.
 */
export const knownBad: WarningRule = (subject) => {
  const list = subject.knownBadList ?? bundledList
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
