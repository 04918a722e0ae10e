import { type Address, createNoopSigner } from '@solana/kit'
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import { priorityFeeOf } from './priorityFee.ts'
import { rawInstruction } from './testing/rawInstruction.ts'

const alice = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' as Address
const bob = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' as Address

const transfer = rawInstruction(
  getTransferSolInstruction({ source: createNoopSigner(alice), destination: bob, amount: 1n }),
)
const limit = (units: number) => rawInstruction(getSetComputeUnitLimitInstruction({ units }))
const price = (microLamports: bigint) =>
  rawInstruction(getSetComputeUnitPriceInstruction({ microLamports }))

describe('priorityFeeOf', () => {
  it('is the compute unit price × the limit the transaction sets, in lamports', () => {
    expect(priorityFeeOf([limit(300_000), price(5_000n), transfer])).toEqual({
      microLamportsPerUnit: '5000',
      unitLimit: '300000',
      unitLimitSet: true,
      lamports: '1500',
    })
  })

  it('rounds a fraction of a lamport up', () => {
    expect(priorityFeeOf([limit(1_000), price(1_500n), transfer])?.lamports).toBe('2')
  })

  it("takes the runtime's 200,000 units per other instruction when no limit is set", () => {
    expect(priorityFeeOf([price(10n), transfer, transfer])).toMatchObject({
      unitLimit: '400000',
      unitLimitSet: false,
      lamports: '4',
    })
  })

  it('caps the default limit at 1,400,000 units', () => {
    expect(priorityFeeOf([price(1_000_000n), ...Array(8).fill(transfer)])).toMatchObject({
      unitLimit: '1400000',
      lamports: '1400000',
    })
  })

  it('is absent without a compute unit price, or with a price of 0', () => {
    expect(priorityFeeOf([limit(300_000), transfer])).toBeUndefined()
    expect(priorityFeeOf([price(0n), transfer])).toBeUndefined()
  })
})
