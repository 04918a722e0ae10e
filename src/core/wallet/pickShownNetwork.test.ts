import { describe, expect, it } from 'vitest'
import { pickShownNetwork } from './pickShownNetwork.ts'

const mainnet = 'eip155:1'
const devnet = 'eip155:31337'
const sepolia = 'eip155:11155111'

describe('pickShownNetwork', () => {
  it('keeps the network shown while it is usable', () => {
    expect(pickShownNetwork([mainnet, devnet], mainnet, devnet)).toBe(mainnet)
  })

  it('starts on the local devnet when it is usable, even listed after another', () => {
    expect(pickShownNetwork([mainnet, devnet], undefined, devnet)).toBe(devnet)
    expect(pickShownNetwork([mainnet, devnet], sepolia, devnet)).toBe(devnet)
  })

  it('falls back to the first usable network, and to none', () => {
    expect(pickShownNetwork([sepolia, mainnet], undefined, devnet)).toBe(sepolia)
    expect(pickShownNetwork([], mainnet, devnet)).toBeUndefined()
  })
})
