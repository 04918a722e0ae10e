import { mnemonicToSeedSync } from '@scure/bip39'
import type { Address } from 'viem'
import { type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts'

/**
 * The EIP-55 addresses of the first `count` accounts of a mnemonic, on the BIP-44 Ethereum path
 * `m/44'/60'/0'/0/<index>` (the path MetaMask and anvil use). The seed is stretched once for all.
 *
 * @example deriveAddresses('test test … junk', 1) // ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']
 */
export function deriveAddresses(mnemonic: string, count: number): Address[] {
  return deriveAccounts(mnemonic, count).map((account) => account.address)
}

/**
 * The signing accounts (viem local accounts holding their keys) of the first `count` accounts of a
 * mnemonic, on the path `deriveAddresses` uses. For the service worker only: keys never leave it.
 */
export function deriveAccounts(mnemonic: string, count: number): HDAccount[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  return Array.from({ length: count }, (_, index) => hdKeyToAccount(root, { addressIndex: index }))
}
