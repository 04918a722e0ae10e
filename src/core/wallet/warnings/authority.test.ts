import { type Address, createNoopSigner, getAddressEncoder } from '@solana/kit'
import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system'
import { AuthorityType, getSetAuthorityInstruction } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import {
  decodeInstruction,
  type RawInstruction,
  token2022ProgramAddress,
} from '../../solana/decodeInstruction.ts'
import { rawInstruction } from '../../solana/testing/rawInstruction.ts'
import { authority } from './authority.ts'

const user = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' as Address
const thief = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' as Address
const tokenAccount = 'BdN5ABz4ey7W7ZNw9KLxbfPRaf4Hp5bXuS7mpPkaH7hR' as Address
const mint = 'So11111111111111111111111111111111111111112' as Address

/** A Solana transaction confirmation of `instructions`, as the worker builds its view. */
const transaction = (...instructions: RawInstruction[]) => ({
  origin: 'https://app.example',
  kind: 'solana_transaction',
  view: {
    address: user,
    send: true,
    feePayer: user,
    instructions: instructions.map(decodeInstruction),
    preview: { kind: 'unavailable', reason: '' },
    transaction: '',
    options: {},
  },
})

const setOwner = (to: Address) =>
  rawInstruction(
    getSetAuthorityInstruction({
      owned: tokenAccount,
      owner: createNoopSigner(user),
      authorityType: AuthorityType.AccountOwner,
      newAuthority: to,
    }),
  )

describe('authority', () => {
  it("blocks a SetAuthority that gives the user's token account to another key, naming both", () => {
    expect(authority(transaction(setOwner(thief)))).toEqual({
      kind: 'authority',
      level: 'block',
      message: `This transaction hands the account owner of ${tokenAccount} to ${thief}. That key will control it, not you: it can take what the account holds.`,
    })
  })

  it('blocks a System Assign of the account to another program', () => {
    const assign = rawInstruction(
      getAssignInstruction({ account: createNoopSigner(user), programAddress: thief }),
    )
    expect(authority(transaction(assign))?.message).toContain(
      `the owner program of ${user} to ${thief}`,
    )
  })

  it('blocks a Token-2022 permanent delegate, even one that is the user (every holder is exposed)', () => {
    const delegate = (to: Address): RawInstruction => ({
      programId: token2022ProgramAddress,
      accounts: [mint],
      data: Uint8Array.from([35, ...getAddressEncoder().encode(to)]),
    })
    expect(authority(transaction(delegate(thief)))?.level).toBe('block')
    expect(authority(transaction(delegate(user)))?.message).toContain('permanent delegate')
  })

  it('says nothing of an authority kept by the user, removed, or a plain transfer', () => {
    const removeMintAuthority = rawInstruction(
      getSetAuthorityInstruction({
        owned: mint,
        owner: createNoopSigner(user),
        authorityType: AuthorityType.MintTokens,
        newAuthority: null,
      }),
    )
    const transfer = rawInstruction(
      getTransferSolInstruction({ source: createNoopSigner(user), destination: thief, amount: 1n }),
    )
    expect(authority(transaction(setOwner(user), removeMintAuthority, transfer))).toBeUndefined()
  })

  it('names the first three hand-overs and counts the rest', () => {
    const message = authority(
      transaction(...Array.from({ length: 5 }, () => setOwner(thief))),
    )?.message
    expect(message?.match(/account owner of/g)).toHaveLength(3)
    expect(message).toContain('and 2 more')
  })

  it('applies to Solana transactions only', () => {
    expect(
      authority({ origin: 'https://app.example', kind: 'personal_sign', view: { address: user } }),
    ).toBeUndefined()
  })
})
