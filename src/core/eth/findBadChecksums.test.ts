import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { findBadChecksums } from './findBadChecksums.ts'

const recipient = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const miswritten = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** `data` of an ERC-20 call to `recipient`, with the address's letters written as in `written`. */
const tokenCall = (functionName: 'transfer' | 'approve', written: string): string => {
  const data = encodeFunctionData({ abi: erc20Abi, functionName, args: [recipient, 1n] })
  return `${data.slice(0, 34)}${written.slice(2)}${data.slice(74)}`
}

describe('findBadChecksums', () => {
  it('finds a `to` written mixed-case with a bad checksum', () => {
    expect(findBadChecksums({ to: miswritten, value: '0x1' })).toEqual([miswritten])
  })

  it('finds the recipient of an ERC-20 transfer and the spender of an approve in the data', () => {
    expect(findBadChecksums({ to: token, data: tokenCall('transfer', miswritten) })).toEqual([
      miswritten,
    ])
    expect(findBadChecksums({ to: token, input: tokenCall('approve', miswritten) })).toEqual([
      miswritten,
    ])
  })

  it('finds nothing in EIP-55, all-lowercase or all-uppercase addresses', () => {
    expect(findBadChecksums({ to: recipient, data: tokenCall('transfer', recipient) })).toEqual([])
    const lower = recipient.toLowerCase()
    expect(findBadChecksums({ to: lower, data: tokenCall('transfer', lower) })).toEqual([])
    const upper = `0x${recipient.slice(2).toUpperCase()}`
    expect(findBadChecksums({ to: upper, data: tokenCall('approve', upper) })).toEqual([])
  })

  it('reads no address out of data that is not an ERC-20 transfer or approve', () => {
    const balanceOf = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    })
    const written = `${balanceOf.slice(0, 34)}${miswritten.slice(2)}${balanceOf.slice(74)}`
    expect(findBadChecksums({ to: token, data: written })).toEqual([])
    expect(findBadChecksums({ to: token, data: '0xzz' })).toEqual([])
  })

  it('finds nothing in what is not a transaction object', () => {
    expect(findBadChecksums(null)).toEqual([])
    expect(findBadChecksums([miswritten])).toEqual([])
    expect(findBadChecksums({ to: 42 })).toEqual([])
  })
})
