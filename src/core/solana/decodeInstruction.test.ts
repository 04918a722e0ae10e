import { type Address, createNoopSigner, getAddressEncoder, isAddress } from '@solana/kit'
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import {
  getAssignInstruction,
  getAuthorizeNonceAccountInstruction,
  getCreateAccountInstruction,
  getTransferSolInstruction,
} from '@solana-program/system'
import {
  AuthorityType,
  getApproveInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getRevokeInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { decodeInstruction, token2022ProgramAddress } from './decodeInstruction.ts'
import { instructionTitle } from './instructionTitle.ts'
import { rawInstruction } from './testing/rawInstruction.ts'

const alice = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' as Address
const bob = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk' as Address
const mint = 'So11111111111111111111111111111111111111112' as Address

describe('token2022ProgramAddress', () => {
  it('is the Token-2022 program’s id, a 32-byte key (a node refuses anything else)', () => {
    expect(token2022ProgramAddress).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
    expect(isAddress(token2022ProgramAddress)).toBe(true)
  })
})

describe('decodeInstruction', () => {
  it('decodes a System transfer with its lamports', () => {
    const view = decodeInstruction(
      rawInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(alice),
          destination: bob,
          amount: 5000n,
        }),
      ),
    )
    expect(view).toMatchObject({
      program: 'System Program',
      instruction: 'Transfer',
      fields: [
        { label: 'From', value: alice },
        { label: 'To', value: bob },
        { label: 'Lamports', value: '5000' },
      ],
    })
  })

  it('decodes a System create-account', () => {
    const view = decodeInstruction(
      rawInstruction(
        getCreateAccountInstruction({
          payer: createNoopSigner(alice),
          newAccount: createNoopSigner(bob),
          lamports: 1_000_000n,
          space: 165n,
          programAddress: TOKEN_PROGRAM_ADDRESS,
        }),
      ),
    )
    expect(view).toMatchObject({ instruction: 'Create account' })
    expect(view.fields).toContainEqual({ label: 'Space', value: '165' })
  })

  it('decodes SPL Token transferChecked and the same bytes under Token-2022', () => {
    const instruction = getTransferCheckedInstruction({
      source: alice,
      mint,
      destination: bob,
      authority: createNoopSigner(alice),
      amount: 42n,
      decimals: 6,
    })
    const spl = decodeInstruction(rawInstruction(instruction))
    expect(spl).toMatchObject({ program: 'SPL Token', instruction: 'Transfer (checked)' })
    expect(spl.fields).toContainEqual({ label: 'Amount', value: '42' })
    const token2022 = decodeInstruction({
      ...rawInstruction(instruction),
      programId: token2022ProgramAddress,
    })
    expect(token2022).toMatchObject({ program: 'Token-2022', instruction: 'Transfer (checked)' })
  })

  it('decodes the creation of an associated token account: payer, account, owner, mint', () => {
    const ata = 'BdN5ABz4ey7W7ZNw9KLxbfPRaf4Hp5bXuS7mpPkaH7hR' as Address
    const view = decodeInstruction(
      rawInstruction(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: createNoopSigner(alice),
          ata,
          owner: bob,
          mint,
        }),
      ),
    )
    expect(view).toMatchObject({
      program: 'Associated Token Account',
      instruction: 'Create token account',
    })
    expect(view.fields).toEqual([
      { label: 'Payer', value: alice },
      { label: 'New account', value: ata },
      { label: 'Owner', value: bob },
      { label: 'Mint', value: mint },
    ])
  })

  it('decodes an SPL Token approve with its delegate', () => {
    const view = decodeInstruction(
      rawInstruction(
        getApproveInstruction({
          source: alice,
          delegate: bob,
          owner: createNoopSigner(alice),
          amount: 7n,
        }),
      ),
    )
    expect(view.fields).toContainEqual({ label: 'Delegate', value: bob })
  })

  it('decodes a revoke of either token program with the token account and its owner', () => {
    for (const [programAddress, program] of [
      [TOKEN_PROGRAM_ADDRESS, 'SPL Token'],
      [token2022ProgramAddress, 'Token-2022'],
    ] as const) {
      const view = decodeInstruction(
        rawInstruction(
          getRevokeInstruction({ source: bob, owner: createNoopSigner(alice) }, { programAddress }),
        ),
      )
      expect(view).toMatchObject({
        program,
        instruction: 'Revoke delegate',
        fields: [
          { label: 'Source', value: bob },
          { label: 'Owner', value: alice },
        ],
      })
    }
  })

  it('decodes a Compute Budget unit limit', () => {
    const view = decodeInstruction(
      rawInstruction(getSetComputeUnitLimitInstruction({ units: 200_000 })),
    )
    expect(view).toMatchObject({
      instruction: 'Set compute unit limit',
      fields: [{ value: '200000' }],
    })
  })

  it('shows an unknown program raw: program id, accounts and hex data', () => {
    const view = decodeInstruction({
      programId: bob,
      accounts: [alice],
      data: new Uint8Array([1, 255]),
    })
    expect(view).toEqual({ programId: bob, accounts: [alice], data: '01ff', fields: [] })
  })

  it('shows a known program raw under its name when its data does not fit the instruction', () => {
    const view = decodeInstruction({
      programId: '11111111111111111111111111111111',
      accounts: [alice],
      data: new Uint8Array([2, 0, 0, 0]),
    })
    expect(view).toEqual({
      programId: '11111111111111111111111111111111',
      program: 'System Program',
      accounts: [alice],
      data: '02000000',
      fields: [],
    })
    expect(instructionTitle(view)).toBe('System Program — not decoded')
  })

  it('decodes an SPL Token plain transfer with its amount', () => {
    const view = decodeInstruction(
      rawInstruction(
        getTransferInstruction({
          source: alice,
          destination: bob,
          authority: createNoopSigner(alice),
          amount: 1_500_000n,
        }),
      ),
    )
    expect(view).toMatchObject({
      program: 'SPL Token',
      instruction: 'Transfer',
      fields: [
        { label: 'Source', value: alice },
        { label: 'Destination', value: bob },
        { label: 'Authority', value: alice },
        { label: 'Amount', value: '1500000' },
      ],
    })
  })

  it('decodes a Compute Budget unit price in micro-lamports', () => {
    const view = decodeInstruction(
      rawInstruction(getSetComputeUnitPriceInstruction({ microLamports: 25_000n })),
    )
    expect(view).toMatchObject({
      program: 'Compute Budget',
      instruction: 'Set compute unit price',
      fields: [{ label: 'Micro-lamports per unit', value: '25000' }],
    })
  })
})

describe('decodeInstruction: what an instruction hands over (the authority warning)', () => {
  const key = (address: Address) => Array.from(getAddressEncoder().encode(address))

  it("decodes an SPL Token SetAuthority giving a token account's owner to another key", () => {
    const view = decodeInstruction(
      rawInstruction(
        getSetAuthorityInstruction({
          owned: mint,
          owner: createNoopSigner(alice),
          authorityType: AuthorityType.AccountOwner,
          newAuthority: bob,
        }),
      ),
    )
    expect(view).toMatchObject({ program: 'SPL Token', instruction: 'Set authority' })
    expect(view.fields).toContainEqual({ label: 'New authority', value: bob })
    expect(view.authority).toEqual({ account: mint, role: 'account owner', to: bob })
  })

  it('decodes a SetAuthority that removes the authority as handing it to nobody', () => {
    const view = decodeInstruction(
      rawInstruction(
        getSetAuthorityInstruction({
          owned: mint,
          owner: createNoopSigner(alice),
          authorityType: AuthorityType.MintTokens,
          newAuthority: null,
        }),
      ),
    )
    expect(view.authority).toEqual({ account: mint, role: 'mint authority', to: null })
  })

  it("decodes Token-2022's SetAuthority of an extension's authority (type 8, the permanent delegate)", () => {
    // [SetAuthority = 6, PermanentDelegate = 8, Some = 1, the new authority's 32 bytes]
    const view = decodeInstruction({
      programId: token2022ProgramAddress,
      accounts: [mint, alice],
      data: Uint8Array.from([6, 8, 1, ...key(bob)]),
    })
    expect(view).toMatchObject({ program: 'Token-2022', instruction: 'Set authority' })
    expect(view.authority).toEqual({ account: mint, role: 'permanent delegate', to: bob })
  })

  it("decodes Token-2022's InitializePermanentDelegate with its delegate", () => {
    // [InitializePermanentDelegate = 35, the delegate's 32 bytes]; its one account is the mint.
    const view = decodeInstruction({
      programId: token2022ProgramAddress,
      accounts: [mint],
      data: Uint8Array.from([35, ...key(bob)]),
    })
    expect(view).toMatchObject({ instruction: 'Initialize permanent delegate' })
    expect(view.fields).toContainEqual({ label: 'Permanent delegate', value: bob })
    expect(view.authority).toEqual({ account: mint, role: 'permanent delegate', to: bob })
  })

  it('decodes a System Assign (the account given to another program) and a nonce authorization', () => {
    const assign = decodeInstruction(
      rawInstruction(
        getAssignInstruction({ account: createNoopSigner(alice), programAddress: bob }),
      ),
    )
    expect(assign).toMatchObject({ program: 'System Program', instruction: 'Assign' })
    expect(assign.authority).toEqual({ account: alice, role: 'owner program', to: bob })
    const nonce = decodeInstruction(
      rawInstruction(
        getAuthorizeNonceAccountInstruction({
          nonceAccount: mint,
          nonceAuthority: createNoopSigner(alice),
          newNonceAuthority: bob,
        }),
      ),
    )
    expect(nonce.authority).toEqual({ account: mint, role: 'nonce authority', to: bob })
  })

  it('hands nothing over in a transfer', () => {
    const view = decodeInstruction(
      rawInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(alice),
          destination: bob,
          amount: 1n,
        }),
      ),
    )
    expect(view.authority).toBeUndefined()
  })
})

describe('instructionTitle', () => {
  it('names the program and instruction when decoded, the program id when unknown', () => {
    expect(
      instructionTitle(
        decodeInstruction(rawInstruction(getSetComputeUnitLimitInstruction({ units: 1 }))),
      ),
    ).toBe('Compute Budget: Set compute unit limit')
    expect(instructionTitle({ programId: bob, accounts: [], data: '', fields: [] })).toBe(
      `Unknown program ${bob}`,
    )
  })
})
