import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import type { FilledTransaction } from '../eth/fillTransaction.ts'
import { describeTransaction } from './describeTransaction.ts'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const tst = { address: token, symbol: 'TST', decimals: 18 } as const

const base: FilledTransaction = {
  from,
  to: other,
  value: '0xde0b6b3a7640000',
  data: '0x',
  chainId: '0x7a69',
  nonce: '0x0',
  gas: '0x6270',
  type: 'eip1559',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
}

describe('describeTransaction', () => {
  it('describes an ether transfer to an account with its fee and total maximum cost', () => {
    expect(describeTransaction({ transaction: base, toCode: '0x' })).toEqual({
      from,
      to: other,
      toKind: 'account',
      value: { wei: '1000000000000000000', ether: '1' },
      selector: null,
      decoded: null,
      gasLimit: '25200',
      maxFeePerGasGwei: '2',
      feeKind: 'eip1559',
      maxFeeEther: '0.0000504',
      totalMaxCostEther: '1.0000504',
      estimateError: null,
    })
  })

  it('decodes an ERC-20 transfer in the token units', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [other, 25n * 10n ** 17n],
    })
    const preview = describeTransaction({
      transaction: { ...base, to: token, value: '0x0', data },
      toCode: '0x6080',
      token: tst,
    })
    expect(preview).toMatchObject({
      toKind: 'contract',
      selector: '0xa9059cbb',
      decoded: {
        name: 'transfer',
        to: other,
        amount: { raw: '2500000000000000000', formatted: '2.5', symbol: 'TST' },
      },
    })
  })

  it('calls out an unlimited approve', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [other, maxUint256],
    })
    const preview = describeTransaction({
      transaction: { ...base, to: token, value: '0x0', data },
      toCode: '0x6080',
      token: tst,
    })
    expect(preview.decoded).toMatchObject({ name: 'approve', spender: other, unlimited: true })
  })

  it('does not call a bounded approve unlimited', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [other, 10n ** 18n],
    })
    const preview = describeTransaction({
      transaction: { ...base, to: token, value: '0x0', data },
      toCode: '0x6080',
      token: tst,
    })
    expect(preview.decoded).toMatchObject({
      name: 'approve',
      unlimited: false,
      amount: { formatted: '1' },
    })
  })

  it('shows raw base units for a token that did not name its symbol and decimals', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 7n] })
    const preview = describeTransaction({
      transaction: { ...base, to: token, data },
      toCode: '0x6080',
    })
    expect(preview.decoded).toMatchObject({ amount: { raw: '7', formatted: '7', symbol: 'units' } })
  })

  it('decodes nothing sent to an account, but still shows the selector', () => {
    const preview = describeTransaction({
      transaction: { ...base, data: '0xa9059cbb00' },
      toCode: '0x',
    })
    expect(preview).toMatchObject({ toKind: 'account', selector: '0xa9059cbb', decoded: null })
  })

  it('names a contract creation', () => {
    const { to, ...creation } = base
    expect(
      describeTransaction({ transaction: { ...creation, data: '0x6080' }, toCode: undefined }),
    ).toMatchObject({
      to: null,
      toKind: 'creation',
    })
  })

  it('prices a legacy transaction by its gas price and carries the estimate error', () => {
    const { maxFeePerGas, maxPriorityFeePerGas, ...rest } = base
    const preview = describeTransaction({
      transaction: {
        ...rest,
        type: 'legacy',
        gasPrice: '0x3b9aca00',
        gas: '0xf4240',
        estimateError: { code: 3, message: 'execution reverted' },
      },
      toCode: '0x',
    })
    expect(preview).toMatchObject({
      feeKind: 'legacy',
      maxFeePerGasGwei: '1',
      maxFeeEther: '0.001',
      estimateError: 'execution reverted',
    })
  })
})
