import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import type { AuthorityChange } from '../../solana/decodeInstruction.ts'
import { viewOf, type WarningRule } from './warningRule.ts'

/** How many hand-overs the message names; the rest are counted. */
const namedAtMost = 3

/**
 * Whether `change` gives control to a key other than the signing `address`: an owner or authority
 * handed to someone else, an account assigned to another program than the System Program, or any
 * Token-2022 permanent delegate (it can move or burn every holder's tokens of the mint, for ever).
 */
const handsAway = (change: AuthorityChange, address: string): boolean =>
  change.role === 'permanent delegate' ||
  (change.to !== null &&
    change.to !== address &&
    !(change.role === 'owner program' && change.to === SYSTEM_PROGRAM_ADDRESS))

const describe = ({ account, role, to }: AuthorityChange): string =>
  `the ${role} of ${account} to ${to}`

/**
 * `authority` (block): a Solana transaction that hands a token account's owner, a mint's or an
 * account's authority, or a System account itself (`Assign`) to another key, or creates a Token-2022
 * permanent delegate (DESIGN §11). Once signed, that key controls it, not the user.
 */
export const authority: WarningRule = (subject) => {
  const view = viewOf(subject, 'solana_transaction')
  if (!view) return undefined
  const changes = view.instructions.flatMap(({ authority }) =>
    authority && handsAway(authority, view.address) ? [authority] : [],
  )
  if (changes.length === 0) return undefined
  const named = changes.slice(0, namedAtMost).map(describe).join('; ')
  const more = changes.length > namedAtMost ? ` and ${changes.length - namedAtMost} more` : ''
  return {
    kind: 'authority',
    level: 'block',
    message: `This transaction hands ${named}${more}. That key will control it, not you: it can take what the account holds.`,
  }
}
