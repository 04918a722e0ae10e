import { AccountRole, type Address } from '@solana/kit'
import { fromBase58 } from '../base58.ts'
import { toBase64 } from '../base64.ts'
import { addressLookupTableProgramAddress } from '../resolveLookupTables.ts'
import { transferInstruction, unsignedTransaction } from './transactions.ts'

/** The test mnemonic's first Solana account (`m/44'/501'/0'/0'`): fee payer and sender. */
export const payer = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
/** The recipient, found only in the lookup table (written: it receives lamports). */
export const recipient = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
/** A read-only account of a program the wallet does not know, also from the table. */
export const readOnlyAccount = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
export const unknownProgram = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'
/** The address lookup table holding `[readOnlyAccount, recipient]` (in that order). */
export const lookupTable = 'GxS6FiQ3mNnAar9HGQ6mxP7t6FcwmHkU7peSeQDUHmpN'

/**
 * A v0 transfer of 1,000 lamports from `payer` to `recipient` plus an instruction of an unknown
 * program reading `readOnlyAccount`, both accounts loaded from `lookupTable` (unsigned wire bytes).
 */
export const lookupTableTransaction = (): Uint8Array =>
  unsignedTransaction({
    feePayer: payer,
    instructions: [
      transferInstruction(payer, recipient, 1_000n),
      {
        programAddress: unknownProgram as Address,
        accounts: [{ address: readOnlyAccount as Address, role: AccountRole.READONLY }],
        data: new Uint8Array([1, 2, 3]),
      },
    ],
    lookupTables: { [lookupTable]: [readOnlyAccount, recipient] },
  })

/** A lookup table account as a node answers it (`encoding: 'base64'`) holding `addresses`. */
export function lookupTableAccount(addresses: readonly string[]) {
  const data = new Uint8Array(56 + 32 * addresses.length)
  new DataView(data.buffer).setUint32(0, 1, true)
  new DataView(data.buffer).setBigUint64(4, 0xffff_ffff_ffff_ffffn, true)
  addresses.forEach((address, index) => {
    data.set(fromBase58(address), 56 + 32 * index)
  })
  return {
    lamports: 1_781_760,
    owner: addressLookupTableProgramAddress,
    executable: false,
    rentEpoch: 0,
    data: [toBase64(data), 'base64'],
  }
}
