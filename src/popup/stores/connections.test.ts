import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionView, NetworkView } from '../../core/protocol/popupMessages.ts'
import { devnetView, stubBackground } from '../testing/fakeBackground.ts'
import { useConnections } from './connections.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const connection: ConnectionView = {
  origin: 'https://app.example',
  session: {
    sessionScopes: {
      'eip155:31337': {
        methods: ['eth_blockNumber'],
        notifications: [],
        accounts: [`eip155:31337:${alice}`],
      },
    },
    sessionProperties: {},
    requestedScopes: { 'eip155:31337': { methods: ['eth_blockNumber'], notifications: [] } },
    createdAt: 1_700_000_000_000,
  },
  activity: [],
  offeredChains: ['eip155:31337'],
  accountKeys: [alice],
}
const networks: NetworkView[] = [
  {
    chainId: 'eip155:1',
    name: 'Ethereum Mainnet',
    rpcUrl: 'https://mainnet.infura.io/v3/',
    wsUrl: 'wss://mainnet.infura.io/ws/v3/',
    kind: 'infura',
    enabled: false,
  },
  devnetView,
]

beforeEach(() => useConnections.setState(useConnections.getInitialState(), true))

describe('useConnections', () => {
  it('lists the sites with the names of all networks and the chains offered now', async () => {
    stubBackground({ 'connections:list': () => [connection], 'networks:list': () => networks })
    await useConnections.getState().load()
    expect(useConnections.getState()).toMatchObject({
      connections: [connection],
      chainNames: { 'eip155:1': 'Ethereum Mainnet', 'eip155:31337': 'Local devnet' },
      availableChains: ['eip155:31337'],
    })
  })

  it('reloads when a session or an activity log changes in storage.local, until it stops watching', async () => {
    const background = stubBackground({
      'connections:list': () => [connection],
      'networks:list': () => networks,
    })
    const stop = useConnections.getState().watch()
    background.storageChanged(['settings'])
    background.storageChanged(['session:https://app.example'], 'session')
    expect(background.requests).toEqual([])
    background.storageChanged(['activity:https://app.example'])
    await vi.waitFor(() => expect(useConnections.getState().connections).toEqual([connection]))
    background.storageChanged(['session:https://app.example'])
    expect(background.requests.filter(({ type }) => type === 'connections:list')).toHaveLength(2)
    stop()
    expect(background.listening()).toBe(0)
  })

  it('saves an edit, marks that site saved, and revokes', async () => {
    const background = stubBackground({
      'connections:update': () => null,
      'connections:revoke': () => null,
      'connections:list': () => [],
      'networks:list': () => networks,
    })
    await useConnections.getState().update('https://app.example', ['eip155:31337'], [alice])
    expect(useConnections.getState().savedOrigin).toBe('https://app.example')
    await useConnections.getState().revoke('https://app.example')
    expect(background.requests.map(({ type }) => type)).toEqual([
      'connections:update',
      'connections:list',
      'networks:list',
      'connections:revoke',
      'connections:list',
      'networks:list',
    ])
  })

  it("makes an account the site's active one, and reloads when a site's state changes", async () => {
    const background = stubBackground({
      'connections:setActiveAccount': () => null,
      'connections:list': () => [connection],
      'networks:list': () => networks,
    })
    await useConnections.getState().setActiveAccount('https://app.example', alice)
    expect(background.requests.slice(0, 2)).toEqual([
      {
        type: 'connections:setActiveAccount',
        params: { origin: 'https://app.example', address: alice },
      },
      { type: 'connections:list', params: undefined },
    ])
    const stop = useConnections.getState().watch()
    background.storageChanged(['site:https://app.example'])
    expect(background.requests.filter(({ type }) => type === 'connections:list')).toHaveLength(2)
    stop()
  })
})
