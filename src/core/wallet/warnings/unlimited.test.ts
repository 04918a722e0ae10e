import { describe, expect, it } from 'vitest'
import { permitTypedData } from '../../eth/testing/permitTypedData.ts'
import type { Json } from '../../rpc/types.ts'
import { unlimited } from './unlimited.ts'

const dapp = 'http://127.0.0.1:5173'
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const permit = permitTypedData({ owner: alice, spender: bob, chainId: 1, verifyingContract: usdc })

/** An `eth_signTypedData_v4` confirmation of `typedData`. */
const typed = (typedData: unknown) => ({
  origin: dapp,
  kind: 'eth_signTypedData_v4',
  view: { address: alice, typedData } as unknown as Json,
})

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

  it('warns of an EIP-2612 permit for the maximum amount, and not of a bounded one', () => {
    expect(unlimited(typed(permit))).toMatchObject({
      kind: 'unlimited',
      level: 'warn',
      message: expect.stringContaining('USD Coin'),
    })
    expect(
      unlimited(typed({ ...permit, message: { ...permit.message, value: '1000000' } })),
    ).toBeUndefined()
  })

  it("warns of a Permit2 allowance for the maximum amount and of DAI's allowed permit", () => {
    const permit2 = {
      ...permit,
      primaryType: 'PermitSingle',
      message: { details: { token: usdc, amount: `${2n ** 160n - 1n}` }, spender: bob },
    }
    expect(unlimited(typed(permit2))).toMatchObject({ kind: 'unlimited' })
    const dai = { ...permit, message: { holder: alice, spender: bob, allowed: true } }
    expect(unlimited(typed(dai))).toMatchObject({ kind: 'unlimited' })
  })

  it('says nothing of other typed data', () => {
    expect(
      unlimited(
        typed({ ...permit, primaryType: 'Mail', message: { value: permit.message.value } }),
      ),
    ).toBeUndefined()
  })
})
