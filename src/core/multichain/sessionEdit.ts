import type { ChainId } from '../caip/types.ts'
import type { AccountKey } from './ports.ts'

/** A popup edit of a site's session (Connections): the chains and accounts the user keeps. */
export type SessionEdit = { chains: ChainId[]; accounts: AccountKey[] }

/** What saving an edit does: nothing, a narrower or wider session, or the session's end. */
export type EditOutcome = 'unchanged' | 'update' | 'end'

/** Whether two lists hold the same members, in any order (a list here never repeats a member). */
export const sameMembers = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item) => b.includes(item))

/** An edit that keeps no chain or no account ends the session: saving it is a revoke. */
export const endsSession = (edit: SessionEdit): boolean =>
  edit.chains.length === 0 || edit.accounts.length === 0

/**
 * What saving `edit` does to a session that now grants `granted` (both by chain id and by the
 * wallet's account keys, as `connections:list` gives them). `updateSession` applies the same rule,
 * after it drops the chains and accounts the wallet no longer has.
 *
 * @example
 * editOutcome({ chains: ['eip155:1'], accounts: [a] }, { chains: [], accounts: [a] }) // 'end'
 */
export function editOutcome(granted: SessionEdit, edit: SessionEdit): EditOutcome {
  if (endsSession(edit)) return 'end'
  const same =
    sameMembers(granted.chains, edit.chains) && sameMembers(granted.accounts, edit.accounts)
  return same ? 'unchanged' : 'update'
}
