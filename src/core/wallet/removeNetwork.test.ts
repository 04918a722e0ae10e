import { describe, expect, it } from 'vitest'
import { removeNetwork } from './removeNetwork.ts'
import { createMemoryUserNetworks } from './testing/memoryUserNetworks.ts'

const staging = {
  chainId: 'eip155:8888' as const,
  name: 'Staging',
  rpcUrl: 'http://127.0.0.1:9545/v3/dev',
  wsUrl: 'ws://127.0.0.1:9545/ws/v3/dev',
}
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('removeNetwork', () => {
  it('removes a network the user added', async () => {
    const { networks, state } = createMemoryUserNetworks([staging])
    const listed = await removeNetwork(networks, staging.chainId)
    expect(state.custom).toEqual([])
    expect(listed.some(({ chainId }) => chainId === staging.chainId)).toBe(false)
  })

  it("forgets a public Solana cluster's endpoint, which is then off", async () => {
    const { networks, state } = createMemoryUserNetworks([staging])
    await networks.setSolanaEndpoint(devnet, {
      rpcUrl: 'https://api.devnet.solana.com',
      wsUrl: 'wss://api.devnet.solana.com',
    })
    const listed = await removeNetwork(networks, devnet)
    expect(state.solanaNetworks).toEqual({})
    expect(state.custom).toEqual([staging])
    expect(listed.find(({ chainId }) => chainId === devnet)).toMatchObject({ enabled: false })
  })
})
