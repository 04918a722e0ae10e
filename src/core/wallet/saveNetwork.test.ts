import { describe, expect, it } from 'vitest'
import type { NodeClient } from '../eth/createHttpNodeClient.ts'
import { WalletError } from '../rpc/errors.ts'
import type { Json } from '../rpc/types.ts'
import { saveNetwork } from './saveNetwork.ts'
import { createMemoryUserNetworks } from './testing/memoryUserNetworks.ts'

const staging = {
  chainId: 'eip155:8888' as const,
  name: 'Staging',
  rpcUrl: 'http://127.0.0.1:9545/v3/dev',
  wsUrl: 'ws://127.0.0.1:9545/ws/v3/dev',
}
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const
const devnetEndpoint = {
  rpcUrl: 'https://api.devnet.solana.com',
  wsUrl: 'wss://api.devnet.solana.com',
}
/** Solana devnet's and mainnet-beta's genesis hashes (the first 32 characters are the reference). */
const devnetGenesisHash = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
const mainnetGenesisHash = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'

/** Nodes by URL, each answering its methods' results; every call is recorded. */
function createNodes(results: Record<string, Record<string, Json>>) {
  const calls: Array<{ url: string; method: string }> = []
  const client = (url: string): Pick<NodeClient, 'request'> => ({
    async request(method) {
      calls.push({ url, method })
      const result = results[url]?.[method]
      return result === undefined
        ? { error: { code: -32601, message: 'Method not found' } }
        : { result }
    },
  })
  return { client, calls }
}

/** What `saveNetwork` threw (a `WalletError`), as the popup receives it. */
async function refusal(saving: Promise<unknown>) {
  const error = await saving.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(WalletError)
  return (error as WalletError).toJSON()
}

describe('saveNetwork (the network form)', () => {
  it('adds a custom network whose endpoint answers eth_chainId with its chain', async () => {
    const { networks, state } = createMemoryUserNetworks()
    const { client, calls } = createNodes({ [staging.rpcUrl]: { eth_chainId: '0x22b8' } })
    const listed = await saveNetwork(
      { networks, client },
      { network: { ...staging, name: ' Staging ' } },
    )
    expect(state.custom).toEqual([staging])
    expect(listed.at(-1)).toEqual({ ...staging, kind: 'custom', enabled: true })
    expect(calls).toEqual([{ url: staging.rpcUrl, method: 'eth_chainId' }])
  })

  it('refuses, on the RPC URL, an endpoint that serves another chain, and saves nothing', async () => {
    const { networks, state } = createMemoryUserNetworks()
    const { client } = createNodes({ [staging.rpcUrl]: { eth_chainId: '0x7a69' } })
    expect(await refusal(saveNetwork({ networks, client }, { network: staging }))).toEqual({
      code: 'invalid_fields',
      message: 'This endpoint serves eip155:31337, not eip155:8888.',
      fields: { rpcUrl: 'This endpoint serves eip155:31337, not eip155:8888.' },
    })
    expect(state.custom).toEqual([])
  })

  it('refuses a form with problems per field before asking any node', async () => {
    const { networks } = createMemoryUserNetworks()
    const { client, calls } = createNodes({})
    const draft = { ...staging, chainId: 'eip155:1', wsUrl: 'http://127.0.0.1:9545' }
    expect(await refusal(saveNetwork({ networks, client }, { network: draft }))).toMatchObject({
      code: 'invalid_fields',
      fields: { chainId: 'eip155:1 is a built-in network.', wsUrl: 'Enter a ws:// or wss:// URL.' },
    })
    expect(calls).toEqual([])
  })

  it('replaces a network the user added, in its place', async () => {
    const { networks, state } = createMemoryUserNetworks([staging])
    const renamed = { ...staging, chainId: 'eip155:8889' as const, name: 'Staging 2' }
    const { client } = createNodes({ [staging.rpcUrl]: { eth_chainId: '0x22b9' } })
    await saveNetwork({ networks, client }, { network: renamed, replacing: 'eip155:8888' })
    expect(state.custom).toEqual([renamed])
  })

  it('refuses to replace a network the user did not add', async () => {
    const { networks, state } = createMemoryUserNetworks()
    const { client, calls } = createNodes({ [staging.rpcUrl]: { eth_chainId: '0x22b8' } })
    expect(
      await refusal(saveNetwork({ networks, client }, { network: staging, replacing: 'eip155:1' })),
    ).toEqual({ code: 'unknown_network', message: 'eip155:1 is not one of your networks' })
    expect(state.custom).toEqual([])
    expect(calls).toEqual([])
  })

  it("sets a public Solana cluster's endpoint once getGenesisHash names that cluster", async () => {
    const { networks, state } = createMemoryUserNetworks()
    const { client, calls } = createNodes({
      [devnetEndpoint.rpcUrl]: { getGenesisHash: devnetGenesisHash },
    })
    const listed = await saveNetwork(
      { networks, client },
      { network: { chainId: ` ${devnet}`, name: '', ...devnetEndpoint } },
    )
    expect(state.solanaNetworks).toEqual({ [devnet]: devnetEndpoint })
    expect(state.custom).toEqual([])
    expect(listed.find(({ chainId }) => chainId === devnet)).toMatchObject({
      ...devnetEndpoint,
      kind: 'endpoint',
      enabled: true,
    })
    expect(calls).toEqual([{ url: devnetEndpoint.rpcUrl, method: 'getGenesisHash' }])
  })

  it("refuses a Solana cluster's endpoint that serves another cluster", async () => {
    const { networks, state } = createMemoryUserNetworks()
    const { client } = createNodes({
      [devnetEndpoint.rpcUrl]: { getGenesisHash: mainnetGenesisHash },
    })
    const saving = saveNetwork(
      { networks, client },
      { network: { chainId: devnet, name: '', ...devnetEndpoint } },
    )
    expect((await refusal(saving)).fields).toEqual({
      rpcUrl: `This endpoint serves another Solana cluster (solana:${mainnetGenesisHash.slice(0, 32)}), not ${devnet}.`,
    })
    expect(state.solanaNetworks).toEqual({})
  })
})
