import { beforeEach, describe, expect, it } from 'vitest'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import { stubBackground } from '../testing/fakeBackground.ts'
import { useHome } from './home.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = (chainId: `${string}:${string}`, name: string, enabled = true): NetworkView => ({
  chainId,
  name,
  rpcUrl: 'http://127.0.0.1:8545/v3/dev',
  wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev',
  kind: 'local',
  enabled,
})

beforeEach(() => useHome.setState(useHome.getInitialState(), true))

describe('useHome', () => {
  it('offers the usable networks, starts on the Local devnet and shows its balances', async () => {
    const background = stubBackground({
      'networks:list': () => [
        network('eip155:1', 'Ethereum Mainnet', false),
        network('eip155:31337', 'Local devnet'),
      ],
      'home:balances': ({ chainId }) => ({
        blockNumber: '7',
        balances: { [alice]: chainId === 'eip155:31337' ? '5' : '0' },
      }),
      'home:tokens': () => [],
      'transactions:list': () => [],
    })
    await useHome.getState().load()
    expect(useHome.getState()).toMatchObject({
      chainId: 'eip155:31337',
      balances: { [alice]: '5' },
      blockNumber: '7',
    })
    expect(useHome.getState().networks.map(({ chainId }) => chainId)).toEqual(['eip155:31337'])
    expect(background.requests).toContainEqual({
      type: 'home:balances',
      params: { chainId: 'eip155:31337' },
    })
  })

  it('starts Solana on the Local Solana devnet even when a cluster listed before it is usable', async () => {
    const localSolana = 'solana:123456789abcdef'
    const background = stubBackground({
      'networks:list': () => [
        network('eip155:31337', 'Local devnet'),
        network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana Mainnet'),
        network(localSolana, 'Local Solana devnet'),
      ],
      'home:balances': () => ({ blockNumber: '1', balances: {} }),
      'home:tokens': () => [],
      'transactions:list': () => [],
      'home:solanaBalances': () => ({ slot: '1', balances: {} }),
      'solanaTransactions:list': () => [],
    })
    await useHome.getState().load()
    expect(useHome.getState().solanaChainId).toBe(localSolana)
    expect(background.requests).toContainEqual({
      type: 'home:solanaBalances',
      params: { chainId: localSolana },
    })
  })

  it('reads the balances of the network the user picks', async () => {
    stubBackground({
      'networks:list': () => [
        network('eip155:31337', 'Local devnet'),
        network('eip155:1337', 'Other'),
      ],
      'home:balances': ({ chainId }) => ({
        blockNumber: '1',
        balances: { [alice]: chainId === 'eip155:1337' ? '9' : '5' },
      }),
      'home:tokens': () => [],
      'transactions:list': () => [],
    })
    await useHome.getState().load()
    await useHome.getState().select('eip155:1337')
    expect(useHome.getState().balances).toEqual({ [alice]: '9' })
  })

  it("reads the watched tokens of the network shown, with each account's balance", async () => {
    const token = {
      chainId: 'eip155:31337' as const,
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const,
      symbol: 'TST',
      decimals: 18,
      balances: { [alice]: '1000000000000000000000' },
    }
    const background = stubBackground({
      'networks:list': () => [network('eip155:31337', 'Local devnet')],
      'home:balances': () => ({ blockNumber: '1', balances: { [alice]: '5' } }),
      'home:tokens': ({ chainId }) => (chainId === 'eip155:31337' ? [token] : []),
      'transactions:list': () => [],
    })
    await useHome.getState().load()
    expect(useHome.getState().tokens).toEqual([token])
    expect(background.requests).toContainEqual({
      type: 'home:tokens',
      params: { chainId: 'eip155:31337' },
    })
  })
})
