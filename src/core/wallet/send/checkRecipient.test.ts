import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkRecipient } from './checkRecipient.ts'

const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const evmAccounts = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', name: 'Account 1' },
  { address: second, name: 'Account 2' },
]
const firstSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const usdcMint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

const evm = (input: string, tokenAddress?: string) =>
  checkRecipient({ namespace: 'eip155', input, ownAccounts: evmAccounts, token: tokenAddress })

describe('checkRecipient on an EVM chain', () => {
  it('accepts a correctly checksummed address and gives it back in EIP-55', () => {
    expect(evm('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toEqual({
      kind: 'valid',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    })
  })

  it('accepts an all-lowercase address (no checksum) and checksums it', () => {
    expect(evm('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')).toEqual({
      kind: 'valid',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    })
  })

  it('accepts an all-uppercase address (no checksum) and checksums it', () => {
    expect(evm('0x3C44CDDDB6A900FA2B585DD299E03D12FA4293BC')).toMatchObject({
      kind: 'valid',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    })
  })

  it('refuses a mixed-case address whose checksum does not match', () => {
    expect(evm('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc')).toEqual({
      kind: 'invalid',
      message: expect.stringContaining('checksum (EIP-55)'),
    })
  })

  it('refuses what is not 0x and 40 hex digits', () => {
    for (const input of [
      '0x3C44',
      'vitalik.eth',
      `${second}00`,
      `0X${second.slice(2)}`,
      firstSolana,
    ]) {
      expect(evm(input)).toMatchObject({ kind: 'invalid' })
    }
  })

  it('says nothing while the field is empty or blank', () => {
    expect(evm('  ')).toEqual({ kind: 'empty' })
  })

  it('offers one of the wallet’s own accounts by name, whatever the case typed', () => {
    expect(evm(second.toLowerCase())).toEqual({
      kind: 'valid',
      address: second,
      ownName: 'Account 2',
    })
  })

  it('warns when a token is sent to the token’s own contract', () => {
    expect(evm(token.toLowerCase(), token)).toEqual({
      kind: 'valid',
      address: token,
      warning: expect.stringContaining('token’s own contract'),
    })
  })

  it('does not warn when the native coin goes to a contract address', () => {
    expect(evm(token)).toEqual({ kind: 'valid', address: token })
  })

  it('never throws, and anything it accepts is 0x and 40 hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const checked = evm(input)
        if (checked.kind === 'valid') expect(checked.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      }),
    )
  })
})

describe('checkRecipient on Solana', () => {
  const solana = (input: string, mint?: string) =>
    checkRecipient({
      namespace: 'solana',
      input,
      ownAccounts: [{ address: firstSolana, name: 'Account 1' }],
      token: mint,
    })

  it('accepts a base58 key of 32 bytes', () => {
    expect(solana(usdcMint)).toEqual({ kind: 'valid', address: usdcMint })
  })

  it('refuses base58 that is not 32 bytes, and characters outside base58', () => {
    expect(solana('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq9')).toMatchObject({ kind: 'invalid' })
    expect(solana('0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('base58'),
    })
    expect(solana(second)).toMatchObject({ kind: 'invalid' })
  })

  it('is case-sensitive: another case is another key, not one of the wallet’s accounts', () => {
    expect(solana(firstSolana)).toMatchObject({ ownName: 'Account 1' })
    expect(solana(firstSolana.replace('oeYf', 'oeyf'))).not.toMatchObject({ ownName: 'Account 1' })
  })

  it('warns when tokens are sent to the mint itself', () => {
    expect(solana(usdcMint, usdcMint)).toMatchObject({ warning: expect.any(String) })
  })
})
