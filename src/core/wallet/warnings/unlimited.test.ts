import { describe, expect, it } from 'vitest'
import {
  daiPermitTypedData,
  permit2TypedData,
  permitTypedData,
} from '../../eth/testing/permitTypedData.ts'
import { tokensNode } from '../../eth/testing/tokensNode.ts'
import type { TypedDataDocument } from '../../eth/typedDataDocument.ts'
import type { Json } from '../../rpc/types.ts'
import { describePermit } from '../describePermit.ts'
import { unlimited } from './unlimited.ts'

const dapp = 'http://127.0.0.1:5173'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const permit = permitTypedData({ owner: alice, spender: bob, chainId: 1, verifyingContract: usdc })

const node = tokensNode({ [usdc]: { symbol: 'USDC', decimals: 6 } })

/** An `eth_signTypedData_v4` confirmation of `typedData`, its permit spelled out as the worker does. */
const typed = async (typedData: unknown) => {
  const permit = await describePermit(node, typedData as TypedDataDocument)
  return {
    origin: dapp,
    kind: 'eth_signTypedData_v4',
    view: { address: alice, typedData, ...(permit ? { permit } : {}) } as unknown as Json,
  }
}

/** A transaction confirmation whose preview decodes an ERC-20 approve (only what the rule reads). */
const approve = (isUnlimited: boolean) => ({
  origin: dapp,
  kind: 'transaction',
  view: {
    preview: {
      decoded: {
        name: 'approve',
        spender: bob,
        amount: { raw: '1', formatted: '1', symbol: 'TST' },
        unlimited: isUnlimited,
      },
    },
    simulation: { kind: 'unavailable', error: 'none' },
  } as unknown as Json,
})

describe('unlimited', () => {
  it('warns of an ERC-20 approve for the maximum amount, naming the token', () => {
    expect(unlimited(approve(true))).toEqual({
      kind: 'unlimited',
      level: 'warn',
      message:
        'Unlimited approval: the spender can take all your TST, now and later, until you revoke it.',
    })
    expect(unlimited(approve(false))).toBeUndefined()
  })

  it('warns of an unlimited approve among the calls of a batch', () => {
    const { view } = approve(true) as unknown as { view: { preview: Json } }
    expect(
      unlimited({
        origin: dapp,
        kind: 'calls',
        view: { previews: [{ decoded: null }, view.preview] },
      }),
    ).toMatchObject({ kind: 'unlimited' })
  })

  it('warns of an EIP-2612 permit for the maximum amount, naming the symbol its token reports, and not of a bounded one', async () => {
    expect(unlimited(await typed(permit))).toMatchObject({
      kind: 'unlimited',
      level: 'warn',
      message: expect.stringContaining('all your USDC'),
    })
    expect(
      unlimited(await typed({ ...permit, message: { ...permit.message, value: '1000000' } })),
    ).toBeUndefined()
  })

  it("warns of a Permit2 allowance for the maximum amount and of DAI's allowed permit, not of DAI's revocation", async () => {
    const permit2 = permit2TypedData({
      primaryType: 'PermitSingle',
      tokens: [{ token: usdc, amount: `${2n ** 160n - 1n}` }],
      spender: bob,
      chainId: 1,
      deadline: 1_767_225_600,
    })
    expect(unlimited(await typed(permit2))).toMatchObject({ kind: 'unlimited' })
    const dai = (allowed: boolean) =>
      daiPermitTypedData({
        holder: alice,
        spender: bob,
        chainId: 1,
        verifyingContract: usdc,
        allowed,
        expiry: 0,
      })
    expect(unlimited(await typed(dai(true)))).toMatchObject({ kind: 'unlimited' })
    expect(unlimited(await typed(dai(false)))).toBeUndefined()
  })

  it('says nothing of other typed data, nor of a field its types do not declare', async () => {
    expect(
      unlimited(
        await typed({ ...permit, primaryType: 'Mail', message: { value: permit.message.value } }),
      ),
    ).toBeUndefined()
    // A bounded EIP-2612 permit carrying DAI's `allowed: true` undeclared: not signed, not read.
    const bounded = { ...permit, message: { ...permit.message, value: '1', allowed: true } }
    expect(unlimited(await typed(bounded))).toBeUndefined()
  })
})
