import { validateMnemonic } from '@scure/bip39'
import { english } from 'viem/accounts'
import { invalidMnemonic } from '../rpc/errors.ts'

const allowedLengths = [12, 15, 18, 21, 24]

/**
 * Normalizes a typed or pasted phrase (case, surrounding and repeated whitespace) and checks it is a
 * valid BIP-39 English mnemonic, checksum included. Throws a `WalletError` (`invalid_mnemonic`).
 *
 * @example parseMnemonic('  Test test test test test test test test test test test junk ')
 * // 'test test test test test test test test test test test junk'
 */
export function parseMnemonic(input: string): string {
  const words = input.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (!allowedLengths.includes(words.length)) {
    throw invalidMnemonic(`expected 12, 15, 18, 21 or 24 words, got ${words.length}`)
  }
  const unknown = words.filter((word) => !english.includes(word))
  if (unknown.length > 0) throw invalidMnemonic(`unknown word(s): ${unknown.join(', ')}`)
  const mnemonic = words.join(' ')
  if (!validateMnemonic(mnemonic, english)) throw invalidMnemonic('checksum mismatch')
  return mnemonic
}
