import { describe, expect, it } from 'vitest'
import { accountsIn, shownAddress, shownAddressId, type WalletAccountList } from './accountsIn.ts'

const derived = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const importedEvm = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' as const
/** An imported Solana key's account key: 0x and its public key (64 hex digits). */
const importedSolana = `0x${'8a'.repeat(32)}` as const
const derivedSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const importedSolanaAddress = 'AKonkZGQc9zGFVX3CE1o9oWGgv2mwmkA7JyZ3TBg6yWZ'
const wallet: WalletAccountList = {
  accounts: [derived, importedEvm, importedSolana],
  addresses: { solana: [derivedSolana, '', importedSolanaAddress] },
  names: ['Account 1', 'Hot', 'Phantom'],
}

describe('accountsIn', () => {
  it('lists in eip155 the accounts whose key is an EVM address, never an imported Solana key', () => {
    expect(accountsIn('eip155', wallet)).toEqual([
      { address: derived, key: derived, name: 'Account 1', index: 0 },
      { address: importedEvm, key: importedEvm, name: 'Hot', index: 1 },
    ])
  })

  it('lists in solana the accounts with a Solana address, by their key and position', () => {
    expect(accountsIn('solana', wallet)).toEqual([
      { address: derivedSolana, key: derived, name: 'Account 1', index: 0 },
      { address: importedSolanaAddress, key: importedSolana, name: 'Phantom', index: 2 },
    ])
  })
})

describe('shownAddress', () => {
  it('shows an account by its EVM address, or an imported Solana key by its base58 address', () => {
    expect(shownAddress(derived, 0, wallet)).toBe(derived)
    expect(shownAddress(importedSolana, 2, wallet)).toBe(importedSolanaAddress)
    expect(shownAddressId(derived, 0, wallet)).toBe(derived.toLowerCase())
    expect(shownAddressId(importedSolana, 2, wallet)).toBe(importedSolanaAddress)
  })
})
