import { describe, expect, it } from 'vitest'
import { accountLabel, shortAddress } from './accountLabel.ts'

describe('shortAddress', () => {
  it('keeps 0x, the first four and the last four digits, in the case given', () => {
    expect(shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(shortAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe('0x7099…79c8')
  })
})

describe('accountLabel', () => {
  it('names the account and its short address in one line', () => {
    expect(accountLabel('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'Savings')).toBe(
      'Savings · 0x7099…79C8',
    )
  })
})
