import { authority } from './authority.ts'
import { checksum } from './checksum.ts'
import { knownBad } from './knownBad.ts'
import { lookalike } from './lookalike.ts'
import { newAddress } from './newAddress.ts'
import { signInDomain } from './signInDomain.ts'
import { simulationFails } from './simulationFails.ts'
import { unlimited } from './unlimited.ts'
import type { Warning } from './warning.ts'
import type { WarningRule, WarningSubject } from './warningRule.ts'

/**
 * Every kind of warning, one rule each, in the order the window shows them (the blocking kinds
 * first). A new kind: its file, and its line here.
 */
const rules: WarningRule[] = [
  knownBad,
  lookalike,
  signInDomain,
  authority,
  checksum,
  unlimited,
  simulationFails,
  newAddress,
]

/**
 * The worker's warnings on a new confirmation (DESIGN §11): kept on its record with the view, so a
 * re-sent request shows the same ones, and sent to the window as they are.
 */
export function confirmationWarnings(subject: WarningSubject): Warning[] {
  return rules.flatMap((rule) => rule(subject) ?? [])
}
