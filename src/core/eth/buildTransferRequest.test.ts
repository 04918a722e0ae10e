import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildTransferRequest } from './buildTransferRequest.ts'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('buildTransferRequest', () => {
  it('sends the native coin as the value to the recipient, with no data', () => {
    expect(buildTransferRequest({ from, to, amount: 10n ** 18n })).toEqual({
      from,
      to,
      value: '0xde0b6b3a7640000',
      data: '0x',
    })
  })

  it('sends an ERC-20 as transfer(recipient, amount) on the token, with no value', () => {
    const request = buildTransferRequest({ from, to, amount: 2_500_000n, token })
    expect(request).toMatchObject({ from, to: token, value: '0x0' })
    expect(request.data.slice(0, 10)).toBe('0xa9059cbb')
    expect(decodeFunctionData({ abi: erc20Abi, data: request.data })).toEqual({
      functionName: 'transfer',
      args: [to, 2_500_000n],
    })
  })
})
