import { english, generateMnemonic } from 'viem/accounts'

/** A fresh 12-word BIP-39 English mnemonic (128 bits of entropy from the platform's CSPRNG). */
export function createMnemonic(): string {
  return generateMnemonic(english)
}
