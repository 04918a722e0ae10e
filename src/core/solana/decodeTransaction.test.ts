import { describe, expect, it } from 'vitest'
import { decodeTransaction } from './decodeTransaction.ts'
import {
  lookupTable,
  lookupTableTransaction,
  payer,
  readOnlyAccount,
  recipient,
  unknownProgram,
} from './testing/lookupTableTransaction.ts'

const systemProgram = '11111111111111111111111111111111'

const decode = (loaded?: string[]) => {
  const decoded = decodeTransaction(lookupTableTransaction(), loaded)
  if (!('transaction' in decoded)) throw new Error('the transaction does not decode')
  return decoded.transaction
}

describe('decodeTransaction', () => {
  it('lists the lookup tables of a v0 transaction with the positions it loads', () => {
    const transaction = decode()
    expect(transaction.signers).toEqual([payer])
    expect(transaction.feePayer).toBe(payer)
    expect(transaction.lookups).toEqual([
      { table: lookupTable, writableIndexes: [1], readonlyIndexes: [0] },
    ])
  })

  it('names accounts loaded from a lookup table by position until they are resolved', () => {
    const [transfer, memo] = decode().instructions
    expect(transfer?.programId).toBe(systemProgram)
    expect(transfer?.accounts).toEqual([payer, 'lookup table account #0'])
    expect(memo?.programId).toBe(unknownProgram)
    expect(memo?.accounts).toEqual(['lookup table account #1'])
  })

  it('names them by address from the loaded addresses (writable ones first, then read-only)', () => {
    const [transfer, memo] = decode([recipient, readOnlyAccount]).instructions
    expect(transfer?.accounts).toEqual([payer, recipient])
    expect(memo?.accounts).toEqual([readOnlyAccount])
    expect(memo?.data).toEqual(new Uint8Array([1, 2, 3]))
  })

  it('answers the problem for bytes that are not a transaction', () => {
    expect(decodeTransaction(new Uint8Array([1, 2, 3]))).toEqual({
      problems: [
        { path: 'transaction', message: expect.stringMatching(/^is not a Solana transaction/) },
      ],
    })
  })
})
