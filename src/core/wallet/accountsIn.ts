import { isAddress } from '../eth/hex.ts'
import type { AccountKey } from '../multichain/ports.ts'
import { defaultAccountName } from './accountNames.ts'

/** The wallet's accounts as the worker reports them (`WalletState`): keys, addresses, names. */
export type WalletAccountList = {
  accounts: readonly AccountKey[]
  addresses?: Readonly<Record<string, readonly string[]>>
  names?: readonly string[]
}

/** One wallet account that has an address in a namespace: that address, its key, name and position. */
export type AccountIn = { address: string; key: AccountKey; name: string; index: number }

/**
 * The wallet's accounts that have an address in `namespace`, in wallet order: in `eip155` those
 * whose key is an EVM address (not an imported Solana key's `0x` + 64 digits), elsewhere those with
 * a non-empty address in `addresses[namespace]` (not an imported EVM key). What Home, Receive and
 * Send list per namespace, and whose balances the worker reads.
 *
 * @example
 * accountsIn('solana', { accounts: ['0xf39F…2266', '0xa0Ee…9720'], addresses: { solana: ['oeYf…', ''] } })
 * // [{ address: 'oeYf…', key: '0xf39F…2266', name: 'Account 1', index: 0 }]
 */
export function accountsIn(namespace: string, wallet: WalletAccountList): AccountIn[] {
  const addresses =
    namespace === 'eip155'
      ? wallet.accounts.map((key) => (isAddress(key) ? key : ''))
      : (wallet.addresses?.[namespace] ?? [])
  return wallet.accounts.flatMap((key, index) => {
    const address = addresses[index]
    if (!address) return []
    return [{ address, key, name: wallet.names?.[index] ?? defaultAccountName(index), index }]
  })
}

/**
 * The address that shows an account where one line names it (labels, test ids): its EVM address,
 * or — an account without one, an imported Solana key — its address in the first namespace that
 * has one.
 *
 * @example shownAddress('0x8a88…', 2, { solana: ['oeYf…', 'HAgk…', '7Eq…'] }) // '7Eq…'
 */
export function shownAddress(key: AccountKey, index: number, wallet: WalletAccountList): string {
  if (isAddress(key)) return key
  const elsewhere = Object.values(wallet.addresses ?? {}).map((list) => list[index])
  return elsewhere.find((address) => address !== undefined && address !== '') ?? key
}

/**
 * `shownAddress` as test ids carry it (DESIGN §3, §9): a 0x address in lowercase, base58 as it is.
 *
 * @example shownAddressId('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 0, wallet) // '0xf39fd6e5…2266'
 */
export const shownAddressId = (
  key: AccountKey,
  index: number,
  wallet: WalletAccountList,
): string => {
  const shown = shownAddress(key, index, wallet)
  return isAddress(shown) ? shown.toLowerCase() : shown
}
