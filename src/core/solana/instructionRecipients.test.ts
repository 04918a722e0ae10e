import { type Address, createNoopSigner } from '@solana/kit'
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getApproveInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { decodeInstruction } from './decodeInstruction.ts'
import { instructionRecipients } from './instructionRecipients.ts'
import { rawInstruction } from './testing/rawInstruction.ts'

const alice = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' as Address
const bob = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' as Address
const bobTokens = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
const aliceTokens = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' as Address
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address

const decoded = (instruction: Parameters<typeof rawInstruction>[0]) =>
  decodeInstruction(rawInstruction(instruction))

describe('instructionRecipients', () => {
  it('names the receiver of a SOL transfer', () => {
    const transfer = getTransferSolInstruction({
      source: createNoopSigner(alice),
      destination: bob,
      amount: 5000n,
    })
    expect(instructionRecipients([decoded(transfer)])).toEqual([
      { address: bob, role: 'recipient' },
    ])
  })

  it('names the owner of a token account made for a recipient, then the account sent to', () => {
    const create = getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(alice),
      ata: bobTokens,
      owner: bob,
      mint,
    })
    const transfer = getTransferCheckedInstruction({
      source: aliceTokens,
      mint,
      destination: bobTokens,
      authority: createNoopSigner(alice),
      amount: 42n,
      decimals: 6,
    })
    expect(instructionRecipients([decoded(create), decoded(transfer)])).toEqual([
      { address: bob, role: 'recipient' },
      { address: bobTokens, role: 'recipient' },
    ])
  })

  it('names a token approval’s delegate as a spender, and nobody for a compute budget', () => {
    const approve = getApproveInstruction({
      source: aliceTokens,
      delegate: bob,
      owner: createNoopSigner(alice),
      amount: 1n,
    })
    const price = getSetComputeUnitPriceInstruction({ microLamports: 10n })
    expect(instructionRecipients([decoded(approve), decoded(price)])).toEqual([
      { address: bob, role: 'spender' },
    ])
  })

  it('names nobody in an instruction it could not decode', () => {
    expect(
      instructionRecipients([{ programId: bob, accounts: [alice, bob], data: '00', fields: [] }]),
    ).toEqual([])
  })
})
