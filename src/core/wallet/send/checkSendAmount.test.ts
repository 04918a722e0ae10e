import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkSendAmount, maxSendable } from './checkSendAmount.ts'

const ether = 10n ** 18n
const eth = { decimals: 18, symbol: 'ETH', balance: 2n * ether, maxFee: 0n }

describe('checkSendAmount', () => {
  it('reads a decimal amount in the asset’s units as base units', () => {
    expect(checkSendAmount({ ...eth, input: '1.5' })).toEqual({
      kind: 'valid',
      amount: 1_500_000_000_000_000_000n,
    })
    expect(checkSendAmount({ ...eth, input: '.25' })).toEqual({ kind: 'valid', amount: ether / 4n })
  })

  it('says nothing while the field is empty', () => {
    expect(checkSendAmount({ ...eth, input: ' ' })).toEqual({ kind: 'empty' })
  })

  it('refuses what is not a plain decimal number', () => {
    for (const input of ['abc', '1e3', '-1', '1,5', '0x10', '1.2.3']) {
      expect(checkSendAmount({ ...eth, input })).toMatchObject({ kind: 'invalid' })
    }
  })

  it('refuses more decimals than the asset has', () => {
    expect(checkSendAmount({ ...eth, decimals: 6, symbol: 'USDC', input: '1.0000001' })).toEqual({
      kind: 'invalid',
      message: 'USDC has at most 6 decimals.',
    })
  })

  it('refuses zero', () => {
    expect(checkSendAmount({ ...eth, input: '0.000' })).toMatchObject({ kind: 'invalid' })
  })

  it('refuses an amount above the balance, naming the balance', () => {
    expect(checkSendAmount({ ...eth, input: '2.000000000000000001' })).toEqual({
      kind: 'invalid',
      message: 'More than the balance: 2 ETH.',
    })
  })

  it('refuses a native amount that leaves too little for the maximum fee', () => {
    const maxFee = 21_000n * 10n ** 9n
    expect(checkSendAmount({ ...eth, maxFee, input: '2' })).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('maximum fee'),
    })
    expect(checkSendAmount({ ...eth, maxFee, input: '1.999979' })).toEqual({
      kind: 'valid',
      amount: 2n * ether - maxFee,
    })
  })

  it('accepts the amount while the balance is still unknown (the worker checks it again)', () => {
    expect(checkSendAmount({ ...eth, balance: undefined, input: '5' })).toEqual({
      kind: 'valid',
      amount: 5n * ether,
    })
  })

  it('never throws, and accepts only amounts within the balance less the fee', () => {
    fc.assert(
      fc.property(fc.string(), fc.bigInt({ min: 0n, max: 10n ** 20n }), (input, balance) => {
        const checked = checkSendAmount({ ...eth, balance, maxFee: 1000n, input })
        if (checked.kind === 'valid') expect(checked.amount + 1000n <= balance).toBe(true)
      }),
    )
  })
})

describe('maxSendable', () => {
  it('is the balance less the maximum fee', () => {
    expect(maxSendable(ether, 21_000n * 2_000_000_000n)).toBe(999_958_000_000_000_000n)
  })

  it('is zero when the fee alone is more than the balance', () => {
    expect(maxSendable(1000n, 21_000n)).toBe(0n)
  })
})
