import { describe, expect, it } from 'vitest'
import {
  builtInChainIds,
  listNetworks,
  resolveCustomNetworks,
  resolveSettings,
} from './networks.ts'

const devnet = { rpcUrl: 'http://127.0.0.1:8545/v3/dev', wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev' }
const solanaDevnet = {
  rpcUrl: 'http://127.0.0.1:8899/v3/dev',
  wsUrl: 'ws://127.0.0.1:8899/ws/v3/dev',
}

describe('resolveSettings', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(resolveSettings(undefined)).toEqual({
      infuraApiKey: '',
      autoLockMinutes: 15,
      phishingListUpdates: false,
      knownBadListUpdates: false,
      localDevnet: devnet,
      localSolanaDevnet: solanaDevnet,
    })
  })

  it('keeps valid stored fields, trims the key, and replaces malformed ones by their default', () => {
    const stored = {
      infuraApiKey: ' abc123 ',
      autoLockMinutes: -5,
      phishingListUpdates: 'yes',
      knownBadListUpdates: 1,
      localDevnet: { rpcUrl: 'http://10.0.0.2:8545' },
    } as unknown as Parameters<typeof resolveSettings>[0]
    expect(resolveSettings(stored)).toEqual({
      infuraApiKey: 'abc123',
      autoLockMinutes: 15,
      phishingListUpdates: false,
      knownBadListUpdates: false,
      localDevnet: devnet,
      localSolanaDevnet: solanaDevnet,
    })
  })
})

describe('resolveCustomNetworks', () => {
  const custom = {
    chainId: 'eip155:1337',
    name: 'Dev',
    rpcUrl: 'http://127.0.0.1:9545',
    wsUrl: 'ws://127.0.0.1:9545',
  }

  it('skips malformed entries and any that shadow a built-in network', () => {
    const stored = [custom, { chainId: 'eip155:1', name: 'Fake', rpcUrl: 'x', wsUrl: 'y' }, 7, null]
    expect(resolveCustomNetworks(stored)).toEqual([custom])
  })

  it('reads anything that is not an array as no networks', () => {
    expect(resolveCustomNetworks({ 0: custom })).toEqual([])
  })
})

describe('listNetworks', () => {
  it('offers the Infura networks only once an API key is set, with the key in their URLs', () => {
    const without = listNetworks(resolveSettings(undefined))
    expect(without.filter((network) => network.enabled).map(({ chainId }) => chainId)).toEqual([
      'eip155:31337',
      'solana:123456789abcdef',
    ])
    const withKey = listNetworks(resolveSettings({ infuraApiKey: 'k1' }))
    expect(withKey.find((network) => network.chainId === 'eip155:1')).toEqual({
      chainId: 'eip155:1',
      name: 'Ethereum Mainnet',
      explorerUrl: 'https://etherscan.io',
      rpcUrl: 'https://mainnet.infura.io/v3/k1',
      wsUrl: 'wss://mainnet.infura.io/ws/v3/k1',
      kind: 'infura',
      enabled: true,
    })
  })

  it('points the Local Solana devnet at the stored endpoint (tests and QA run it on any port)', () => {
    const elsewhere = {
      rpcUrl: 'http://127.0.0.1:41234/v3/dev',
      wsUrl: 'ws://127.0.0.1:41234/ws/v3/dev',
    }
    const networks = listNetworks(resolveSettings({ localSolanaDevnet: elsewhere }))
    expect(networks.find((network) => network.chainId === 'solana:123456789abcdef')).toEqual({
      chainId: 'solana:123456789abcdef',
      name: 'Local Solana devnet',
      ...elsewhere,
      kind: 'local',
      enabled: true,
    })
  })

  it('lists the built-in networks, then the Local devnet and Local Solana devnet, then the custom ones', () => {
    const custom = {
      chainId: 'eip155:1337' as const,
      name: 'Dev',
      rpcUrl: 'http://127.0.0.1:9545',
      wsUrl: 'ws://127.0.0.1:9545',
    }
    const networks = listNetworks(resolveSettings(undefined), [custom])
    expect(networks.map(({ chainId }) => chainId)).toEqual([...builtInChainIds, 'eip155:1337'])
    expect(networks.at(-3)).toMatchObject({ name: 'Local devnet', kind: 'local', ...devnet })
    expect(networks.at(-2)).toMatchObject({
      chainId: 'solana:123456789abcdef',
      name: 'Local Solana devnet',
      rpcUrl: 'http://127.0.0.1:8899/v3/dev',
      wsUrl: 'ws://127.0.0.1:8899/ws/v3/dev',
      kind: 'local',
      enabled: true,
    })
    expect(networks.at(-1)).toEqual({ ...custom, kind: 'custom', enabled: true })
  })
})

describe('the public Solana clusters (DESIGN §8)', () => {
  const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const devnetCluster = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const testnet = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
  const given = { rpcUrl: 'https://rpc.example/solana', wsUrl: 'wss://rpc.example/solana' }
  const cluster = (networks: ReturnType<typeof listNetworks>, chainId: string) =>
    networks.find((network) => network.chainId === chainId)

  it('are listed but off, with no endpoint, until the user gives one', () => {
    const networks = listNetworks(resolveSettings(undefined))
    expect([mainnet, devnetCluster, testnet].map((chainId) => cluster(networks, chainId))).toEqual([
      {
        chainId: mainnet,
        name: 'Solana Mainnet',
        explorerUrl: 'https://explorer.solana.com',
        rpcUrl: '',
        wsUrl: '',
        kind: 'endpoint',
        enabled: false,
      },
      {
        chainId: devnetCluster,
        name: 'Solana Devnet',
        explorerUrl: 'https://explorer.solana.com?cluster=devnet',
        rpcUrl: '',
        wsUrl: '',
        kind: 'endpoint',
        enabled: false,
      },
      {
        chainId: testnet,
        name: 'Solana Testnet',
        explorerUrl: 'https://explorer.solana.com?cluster=testnet',
        rpcUrl: '',
        wsUrl: '',
        kind: 'endpoint',
        enabled: false,
      },
    ])
  })

  it('are on at the endpoint the user gave', () => {
    const networks = listNetworks(resolveSettings({ solanaNetworks: { [testnet]: given } }))
    expect(cluster(networks, testnet)).toEqual({
      chainId: testnet,
      name: 'Solana Testnet',
      explorerUrl: 'https://explorer.solana.com?cluster=testnet',
      ...given,
      kind: 'endpoint',
      enabled: true,
    })
    expect(cluster(networks, mainnet)?.enabled).toBe(false)
  })

  it('mainnet and devnet are on with the API key (Infura serves them), testnet is not; a given endpoint wins', () => {
    const networks = listNetworks(
      resolveSettings({ infuraApiKey: 'k1', solanaNetworks: { [devnetCluster]: given } }),
    )
    expect(cluster(networks, mainnet)).toEqual({
      chainId: mainnet,
      name: 'Solana Mainnet',
      explorerUrl: 'https://explorer.solana.com',
      rpcUrl: 'https://solana-mainnet.infura.io/v3/k1',
      wsUrl: 'wss://solana-mainnet.infura.io/ws/v3/k1',
      kind: 'infura',
      enabled: true,
    })
    expect(cluster(networks, devnetCluster)).toMatchObject({ ...given, kind: 'endpoint' })
    expect(cluster(networks, testnet)?.enabled).toBe(false)
  })

  it('keeps only well-formed endpoints of the three clusters from storage', () => {
    const stored = {
      solanaNetworks: {
        [mainnet]: given,
        [testnet]: { rpcUrl: 'https://x.example' },
        'solana:123456789abcdef': given,
        'eip155:1': given,
      },
    } as unknown as Parameters<typeof resolveSettings>[0]
    expect(resolveSettings(stored).solanaNetworks).toEqual({ [mainnet]: given })
  })

  it('are built-in chain ids: a custom network may not take them', () => {
    expect(builtInChainIds).toEqual(expect.arrayContaining([mainnet, devnetCluster, testnet]))
  })
})
