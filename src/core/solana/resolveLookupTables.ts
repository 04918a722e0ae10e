import { type NodeCall, nodeResult } from '../eth/nodeCall.ts'
import { toBase58 } from './base58.ts'
import {
  type AddressTableLookup,
  type DecodedTransaction,
  decodeTransaction,
} from './decodeTransaction.ts'
import { type AccountState, accountsOf } from './previewTransaction.ts'

/** The program that owns address lookup tables. */
export const addressLookupTableProgramAddress = 'AddressLookupTab1e1111111111111111111111111'
/**
 * An address lookup table account: its metadata (type u32 = 1, deactivation slot, last extended
 * slot and index, optional authority, padding — 56 bytes), then its addresses, 32 bytes each.
 */
const lookupTableMetaSize = 56
const lookupTableType = 1
/** The most tables one call reads: the node's `getMultipleAccounts` bound (a wire transaction holds far fewer). */
const maxTables = 100

/** The addresses a lookup table account holds, `undefined` when it is not one. */
function tableAddresses(state: AccountState | null): string[] | undefined {
  if (!state || state.owner !== addressLookupTableProgramAddress) return undefined
  const { data } = state
  if (data.length < lookupTableMetaSize || (data.length - lookupTableMetaSize) % 32 !== 0) {
    return undefined
  }
  const type = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true)
  if (type !== lookupTableType) return undefined
  const addresses: string[] = []
  for (let offset = lookupTableMetaSize; offset < data.length; offset += 32) {
    addresses.push(toBase58(data.subarray(offset, offset + 32)))
  }
  return addresses
}

/**
 * Reads the lookup tables a v0 transaction names from the chain's node and answers the accounts it
 * loads from them, in the order instruction indexes count them (every table's writable accounts,
 * then every table's read-only ones). `undefined` when a table is missing, is not a lookup table,
 * or is shorter than an index: the accounts then stay named by position. Node errors are thrown.
 *
 * @example
 * await loadLookupTableAddresses(call, [{ table, writableIndexes: [0], readonlyIndexes: [2] }])
 * // [<address 0 of table>, <address 2 of table>]
 */
export async function loadLookupTableAddresses(
  call: NodeCall,
  lookups: readonly AddressTableLookup[],
): Promise<string[] | undefined> {
  if (lookups.length === 0) return []
  if (lookups.length > maxTables) return undefined
  const answer = await nodeResult(call, 'getMultipleAccounts', [
    lookups.map((lookup) => lookup.table),
    { encoding: 'base64' },
  ])
  const states = accountsOf(answer)
  const tables = lookups.map((_, index) => tableAddresses(states[index] ?? null))
  const pick = (which: 'writableIndexes' | 'readonlyIndexes'): Array<string | undefined> =>
    lookups.flatMap((lookup, index) => lookup[which].map((position) => tables[index]?.[position]))
  const loaded = [...pick('writableIndexes'), ...pick('readonlyIndexes')]
  return loaded.every((address) => address !== undefined) ? (loaded as string[]) : undefined
}

/**
 * `transaction` (decoded from the wire `bytes`) with the accounts its instructions load from lookup
 * tables named by their addresses, read from the chain's node — so the window names them and the
 * preview reads their balances. Unchanged when it loads none, or when they cannot be read (a node
 * error, a missing table): they stay named by position, and the preview asks the node about the
 * others only.
 */
export async function resolveLookupTables(
  call: NodeCall,
  bytes: Uint8Array,
  transaction: DecodedTransaction,
): Promise<DecodedTransaction> {
  if (transaction.lookups.length === 0) return transaction
  let loaded: string[] | undefined
  try {
    loaded = await loadLookupTableAddresses(call, transaction.lookups)
  } catch {
    // The node cannot read the tables now: the preview that follows says what the node answers.
    loaded = undefined
  }
  if (!loaded) return transaction
  const resolved = decodeTransaction(bytes, loaded)
  return 'transaction' in resolved ? resolved.transaction : transaction
}
