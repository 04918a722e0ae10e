import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

/**
 * The lowest zxcvbn score (0–4) a new vault password may have: 3 is "safely unguessable: moderate
 * protection from offline slow-hash scenario" (10^8–10^10 guesses), which the vault's PBKDF2 with
 * 900,000 iterations turns into years of offline guessing.
 */
export const minimumPasswordScore = 3

/** Built once: the dictionaries (common passwords, English words and names) are large. */
const estimator = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
})

/**
 * Why `password` is too weak for a vault, in words for the person choosing it, or `undefined` when
 * it is strong enough. Strength is estimated by what it would take to guess (zxcvbn: common
 * passwords, words, names, keyboard walks, repeats, dates), not by length alone (DESIGN §11,
 * `password-strength`).
 */
export function passwordWeakness(password: string): string | undefined {
  const { score, feedback } = estimator.check(password)
  if (score >= minimumPasswordScore) return undefined
  const advice = feedback.suggestions[0]
  const warning = feedback.warning ?? 'This password is easy to guess.'
  return advice ? `${warning} ${advice}` : warning
}
