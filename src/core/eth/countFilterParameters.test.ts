import { describe, expect, it } from 'vitest'
import { countFilterParameters, maxFilterParameters } from './countFilterParameters.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const topic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

describe('countFilterParameters', () => {
  it('counts nothing for an empty filter', () => {
    expect(countFilterParameters({})).toBe(0)
  })

  it('counts one for a single address', () => {
    expect(countFilterParameters({ address })).toBe(1)
  })

  it('counts each address of an array', () => {
    expect(countFilterParameters({ address: [address, address, address] })).toBe(3)
  })

  it('counts topic values, including each value of an OR array, and not null wildcards', () => {
    expect(countFilterParameters({ topics: [topic, null, [topic, topic, null], null] })).toBe(3)
  })

  it('adds addresses and topic values together', () => {
    expect(countFilterParameters({ address: [address, address], topics: [[topic, topic]] })).toBe(4)
  })

  it('puts the limit at 5,000, so 5,001 addresses exceed it', () => {
    expect(maxFilterParameters).toBe(5000)
    const address5001 = Array.from({ length: 5001 }, () => address as `0x${string}`)
    expect(countFilterParameters({ address: address5001 })).toBeGreaterThan(maxFilterParameters)
  })
})
