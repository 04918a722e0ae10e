import { describe, expect, it } from 'vitest'
import {
  daiPermitTypedData,
  permit2TypedData,
  permitTypedData,
} from '../eth/testing/permitTypedData.ts'
import { tokensNode } from '../eth/testing/tokensNode.ts'
import type { TypedDataDocument } from '../eth/typedDataDocument.ts'
import { describePermit, permitTime } from './describePermit.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const dai = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const node = tokensNode({
  [usdc]: { symbol: 'USDC', decimals: 6 },
  [dai]: { symbol: 'DAI', decimals: 18 },
})

const asDocument = (typedData: unknown) => typedData as TypedDataDocument

describe('describePermit', () => {
  it('spells out an EIP-2612 permit with the symbol and decimals its token reports, unlimited flagged', async () => {
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: usdc,
    })
    expect(await describePermit(node, asDocument(permit))).toEqual({
      standard: 'EIP-2612',
      primaryType: 'Permit',
      spender: bob,
      allowances: [
        {
          token: usdc,
          amount: {
            raw: `${2n ** 256n - 1n}`,
            formatted: expect.stringMatching(
              /^115792089237316195423570985008687907853269984665640564039457584007913129\.639935$/,
            ),
            symbol: 'USDC',
          },
          unlimited: true,
        },
      ],
      deadline: 'never',
    })
    const bounded = {
      ...permit,
      message: { ...permit.message, value: '2500000', deadline: 1_767_225_600 },
    }
    expect(await describePermit(node, asDocument(bounded))).toMatchObject({
      allowances: [{ amount: { formatted: '2.5', symbol: 'USDC' }, unlimited: false }],
      deadline: '2026-01-01 00:00:00 UTC',
    })
  })

  it("spells out DAI's permit: allowed is unlimited, not allowed is 0, expiry 0 is never", async () => {
    const dais = (allowed: boolean, expiry: number) =>
      describePermit(
        node,
        asDocument(
          daiPermitTypedData({
            holder: alice,
            spender: bob,
            chainId: 1,
            verifyingContract: dai,
            allowed,
            expiry,
          }),
        ),
      )
    expect(await dais(true, 0)).toMatchObject({
      standard: 'DAI',
      allowances: [{ amount: { symbol: 'DAI' }, unlimited: true }],
      deadline: 'never',
    })
    expect(await dais(false, 1_767_225_600)).toMatchObject({
      allowances: [{ amount: { formatted: '0', symbol: 'DAI' }, unlimited: false }],
      deadline: '2026-01-01 00:00:00 UTC',
    })
  })

  it("spells out a Permit2 batch: each token in its units and its allowance's expiration", async () => {
    const batch = permit2TypedData({
      primaryType: 'PermitBatch',
      tokens: [
        { token: usdc, amount: `${2n ** 160n - 1n}`, expiration: 1_767_225_600 },
        { token: dai, amount: `${15n * 10n ** 17n}`, expiration: 0 },
      ],
      spender: bob,
      chainId: 1,
      deadline: 1_767_225_600,
    })
    expect(await describePermit(node, asDocument(batch))).toMatchObject({
      standard: 'Permit2',
      spender: bob,
      allowances: [
        {
          token: usdc,
          amount: { symbol: 'USDC' },
          unlimited: true,
          expiration: '2026-01-01 00:00:00 UTC',
        },
        {
          token: dai,
          amount: { formatted: '1.5', symbol: 'DAI' },
          unlimited: false,
          expiration: 'only in the block it is used',
        },
      ],
      deadline: '2026-01-01 00:00:00 UTC',
    })
  })

  it('shows raw units for a token that does not answer as an ERC-20', async () => {
    const unknown = '0x000000000000000000000000000000000000dEaD'
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: unknown,
    })
    expect(await describePermit(node, asDocument(permit))).toMatchObject({
      allowances: [{ token: unknown, amount: { symbol: 'units' } }],
    })
  })

  it('is undefined for typed data that is no permit', async () => {
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: usdc,
    })
    expect(
      await describePermit(node, asDocument({ ...permit, primaryType: 'Mail' })),
    ).toBeUndefined()
  })
})

describe('permitTime', () => {
  it('writes seconds since the epoch as a UTC date and time, and no date as never', () => {
    expect(permitTime(1_767_225_600n)).toBe('2026-01-01 00:00:00 UTC')
    expect(permitTime(2n ** 256n - 1n)).toBe('never')
    expect(permitTime(0n, { zero: 'never' })).toBe('never')
    expect(permitTime(0n)).toBe('1970-01-01 00:00:00 UTC')
  })
})
