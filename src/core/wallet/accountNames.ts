import { invalidFields } from '../rpc/errors.ts'

/** The longest account name the wallet keeps (a name is a label, not a note). */
export const maxAccountNameLength = 32

/**
 * The name of a derived account the user has not renamed: its position, from 1 (DESIGN §9).
 *
 * @example defaultAccountName(0) // 'Account 1'
 */
export const defaultAccountName = (index: number): string => `Account ${index + 1}`

/**
 * Each account's name, in `keys` order: the user's name for it (`named`, by lowercase key) or its
 * default. The names are the wallet's own: they are shown in its windows and never sent to a page.
 *
 * @example accountNames(['0xf39F…2266', '0x7099…79C8'], { '0x7099…79c8': 'Savings' }) // ['Account 1', 'Savings']
 */
export const accountNames = (
  keys: readonly string[],
  named: Readonly<Record<string, string>>,
): string[] =>
  keys.map((key, index) => {
    const lowercase = key.toLowerCase()
    return Object.hasOwn(named, lowercase) ? String(named[lowercase]) : defaultAccountName(index)
  })

/**
 * A name the user typed, trimmed, its inner runs of whitespace made one space; refused
 * (`invalid_fields` on `name`) when empty or longer than `maxAccountNameLength` characters.
 *
 * @example parseAccountName('  Cold   storage ') // 'Cold storage'
 */
export function parseAccountName(input: string): string {
  const name = input.trim().replace(/\s+/g, ' ')
  if (name.length === 0) throw invalidFields({ name: 'Give the account a name' })
  if ([...name].length > maxAccountNameLength) {
    throw invalidFields({ name: `A name has at most ${maxAccountNameLength} characters` })
  }
  return name
}
