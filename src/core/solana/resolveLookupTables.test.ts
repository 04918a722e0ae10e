import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { Json, NodeAnswer } from '../rpc/types.ts'
import { isSolanaAddress } from './base58.ts'
import { decodeTransaction } from './decodeTransaction.ts'
import { loadLookupTableAddresses, resolveLookupTables } from './resolveLookupTables.ts'
import {
  lookupTable,
  lookupTableAccount,
  lookupTableTransaction,
  payer,
  readOnlyAccount,
  recipient,
} from './testing/lookupTableTransaction.ts'

const otherTable = 'BPFLoaderUpgradeab1e11111111111111111111111'
const [a, b, c] = [
  '5ZWj7a1f8tWkjBESHKgrLmXshuXxqeY9SYcfbshpAqPG',
  'SysvarRent111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
]

/** A node holding `accounts` (by address) that refuses a key that is not base58, as the endpoint does. */
function nodeWith(accounts: Record<string, Json>) {
  const asked: string[][] = []
  const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
    if (method !== 'getMultipleAccounts') return { error: { code: -32601, message: 'no' } }
    const keys = params[0] as string[]
    asked.push(keys)
    if (!keys.every(isSolanaAddress)) return { error: { code: -32602, message: 'Invalid param' } }
    return { result: { context: { slot: 1 }, value: keys.map((key) => accounts[key] ?? null) } }
  }
  return { call, asked }
}

describe('loadLookupTableAddresses', () => {
  it("answers every table's writable accounts, then every table's read-only ones", async () => {
    const { call, asked } = nodeWith({
      [lookupTable]: lookupTableAccount([a, b]),
      [otherTable]: lookupTableAccount([c]),
    })
    const loaded = await loadLookupTableAddresses(call, [
      { table: lookupTable, writableIndexes: [1], readonlyIndexes: [0] },
      { table: otherTable, writableIndexes: [0], readonlyIndexes: [] },
    ])
    expect(loaded).toEqual([b, c, a])
    expect(asked).toEqual([[lookupTable, otherTable]])
  })

  it('answers undefined for a missing table, an account that is not a table, or an index past its end', async () => {
    const { call } = nodeWith({
      [lookupTable]: lookupTableAccount([a]),
      [otherTable]: { ...lookupTableAccount([c]), owner: '11111111111111111111111111111111' },
    })
    const lookup = (table: string, index: number) => [
      { table, writableIndexes: [index], readonlyIndexes: [] },
    ]
    expect(await loadLookupTableAddresses(call, lookup(payer, 0))).toBeUndefined()
    expect(await loadLookupTableAddresses(call, lookup(otherTable, 0))).toBeUndefined()
    expect(await loadLookupTableAddresses(call, lookup(lookupTable, 1))).toBeUndefined()
    expect(await loadLookupTableAddresses(call, lookup(lookupTable, 0))).toEqual([a])
  })
})

describe('resolveLookupTables', () => {
  const bytes = lookupTableTransaction()
  const decoded = decodeTransaction(bytes)
  if (!('transaction' in decoded)) throw new Error('the transaction does not decode')

  it("names the accounts a v0 transaction loads from a lookup table by the table's addresses", async () => {
    const { call } = nodeWith({ [lookupTable]: lookupTableAccount([readOnlyAccount, recipient]) })
    const resolved = await resolveLookupTables(call, bytes, decoded.transaction)
    expect(resolved.instructions.map((instruction) => instruction.accounts)).toEqual([
      [payer, recipient],
      [readOnlyAccount],
    ])
  })

  it('keeps them named by position when the node cannot read the table', async () => {
    const refusing: NodeCall = async () => ({ error: { code: -32005, message: 'busy' } })
    const resolved = await resolveLookupTables(refusing, bytes, decoded.transaction)
    expect(resolved).toBe(decoded.transaction)
    expect(resolved.instructions[0]?.accounts).toEqual([payer, 'lookup table account #0'])
  })
})
