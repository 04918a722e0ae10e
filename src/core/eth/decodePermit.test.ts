import { describe, expect, it } from 'vitest'
import { decodePermit } from './decodePermit.ts'
import { daiPermitTypedData, permit2TypedData, permitTypedData } from './testing/permitTypedData.ts'
import type { TypedDataDocument } from './typedDataDocument.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const dai = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const max = 2n ** 256n - 1n

const asDocument = (typedData: unknown) => typedData as TypedDataDocument

describe('decodePermit', () => {
  it('reads an EIP-2612 Permit: the domain’s token, the spender, the value and the deadline', () => {
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: usdc,
    })
    expect(decodePermit(asDocument(permit))).toEqual({
      standard: 'EIP-2612',
      primaryType: 'Permit',
      spender: bob,
      allowances: [{ token: usdc, amount: max }],
      deadline: max,
      neverExpires: false,
    })
  })

  it("reads DAI's permit: allowed is all of the holder's DAI, not allowed is none, expiry 0 never ends", () => {
    const permit = (allowed: boolean, expiry: number) =>
      decodePermit(
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
    expect(permit(true, 0)).toMatchObject({
      standard: 'DAI',
      spender: bob,
      allowances: [{ token: dai, amount: max }],
      neverExpires: true,
    })
    expect(permit(false, 1_767_225_600)).toMatchObject({
      allowances: [{ token: dai, amount: 0n }],
      deadline: 1_767_225_600n,
      neverExpires: false,
    })
  })

  it("reads Permit2's PermitSingle, PermitBatch and PermitTransferFrom: each token and amount, the spender, the deadline", () => {
    const tokens = [
      { token: usdc, amount: `${2n ** 160n - 1n}`, expiration: 1_767_225_600 },
      { token: dai, amount: '5000', expiration: 0 },
    ]
    const permit = (primaryType: 'PermitSingle' | 'PermitBatch' | 'PermitTransferFrom') =>
      decodePermit(
        asDocument(
          permit2TypedData({
            primaryType,
            tokens,
            spender: bob,
            chainId: 1,
            deadline: 1_767_225_600,
          }),
        ),
      )
    expect(permit('PermitSingle')).toEqual({
      standard: 'Permit2',
      primaryType: 'PermitSingle',
      spender: bob,
      allowances: [{ token: usdc, amount: 2n ** 160n - 1n, expiration: 1_767_225_600n }],
      deadline: 1_767_225_600n,
      neverExpires: false,
    })
    expect(permit('PermitBatch')?.allowances).toEqual([
      { token: usdc, amount: 2n ** 160n - 1n, expiration: 1_767_225_600n },
      { token: dai, amount: 5000n, expiration: 0n },
    ])
    expect(permit('PermitTransferFrom')).toMatchObject({
      primaryType: 'PermitTransferFrom',
      allowances: [{ token: usdc, amount: 2n ** 160n - 1n }],
      deadline: 1_767_225_600n,
    })
  })

  it("is no permit when the types differ from the standard's (its signature would be no permit either)", () => {
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: usdc,
    })
    const renamed = {
      ...permit,
      types: {
        ...permit.types,
        Permit: permit.types.Permit.map((field) =>
          field.name === 'value' ? { ...field, name: 'amount' } : field,
        ),
      },
    }
    expect(decodePermit(asDocument(renamed))).toBeUndefined()
    const noToken = { ...permit, domain: { name: 'USD Coin', chainId: 1 } }
    expect(decodePermit(asDocument(noToken))).toBeUndefined()
    expect(decodePermit(asDocument({ ...permit, primaryType: 'Mail' }))).toBeUndefined()
  })

  it("reads only declared fields: an undeclared DAI 'allowed: false' does not turn a maximum EIP-2612 permit into a revocation", () => {
    const permit = permitTypedData({
      owner: alice,
      spender: bob,
      chainId: 1,
      verifyingContract: usdc,
    })
    const disguised = { ...permit, message: { ...permit.message, allowed: false, expiry: 0 } }
    expect(decodePermit(asDocument(disguised))).toMatchObject({
      standard: 'EIP-2612',
      allowances: [{ amount: max }],
    })
  })
})
