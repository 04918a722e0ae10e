import { beforeEach, describe, expect, it } from 'vitest'
import type { NetworkView } from '../../core/protocol/popupMessages.ts'
import { stubBackground } from '../testing/fakeBackground.ts'
import { useExplorers } from './explorers.ts'

const hash = `0x${'ab'.repeat(32)}`
const networks: NetworkView[] = [
  {
    chainId: 'eip155:1',
    name: 'Ethereum Mainnet',
    rpcUrl: 'https://mainnet.infura.io/v3/k',
    wsUrl: 'wss://mainnet.infura.io/ws/v3/k',
    kind: 'infura',
    enabled: true,
    explorerUrl: 'https://etherscan.io',
  },
  {
    chainId: 'eip155:31337',
    name: 'Local devnet',
    rpcUrl: 'http://127.0.0.1:8545/v3/dev',
    wsUrl: 'ws://127.0.0.1:8545/ws/v3/dev',
    kind: 'local',
    enabled: true,
  },
]

beforeEach(() => useExplorers.setState(useExplorers.getInitialState(), true))

describe('useExplorers', () => {
  it("opens a transaction's explorer page through the popup's port", async () => {
    const background = stubBackground({ 'networks:list': () => networks })
    await useExplorers.getState().load()
    useExplorers.getState().open('eip155:1', { transaction: hash })
    expect(background.opened).toEqual([`https://etherscan.io/tx/${hash}`])
  })

  it('opens nothing for a network without an explorer', async () => {
    const background = stubBackground({ 'networks:list': () => networks })
    await useExplorers.getState().load()
    useExplorers.getState().open('eip155:31337', { transaction: hash })
    expect(background.opened).toEqual([])
  })
})
