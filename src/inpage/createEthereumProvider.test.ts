import { describe, expect, it } from 'vitest'
import { createEthereumProvider } from './createEthereumProvider.ts'
import type { PageChannel } from './pageWire.ts'

/** The provider's channel, with the test speaking for the wallet. */
function fakeChannel() {
  const sent: Array<{ id: number; method: string; params?: unknown }> = []
  let deliver: (message: unknown) => void = () => undefined
  const channel: PageChannel = {
    send: (message) => void sent.push(message as { id: number; method: string }),
    onMessage: (handler) => {
      deliver = handler
    },
  }
  return { channel, sent, deliver: (message: unknown) => deliver(message) }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createEthereumProvider', () => {
  it('asks for the chain at start and emits connect { chainId } once it has it', async () => {
    const { channel, sent, deliver } = fakeChannel()
    const provider = createEthereumProvider(channel)
    const connects: unknown[] = []
    provider.on('connect', (info) => connects.push(info))
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }])
    expect(provider.isConnected()).toBe(false)
    deliver({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    await flush()
    expect(connects).toEqual([{ chainId: '0x7a69' }])
    expect(provider.isConnected()).toBe(true)
  })

  it('rejects with an Error carrying the wallet code and data', async () => {
    const { channel, deliver } = fakeChannel()
    const provider = createEthereumProvider(channel)
    const answer = provider.request({ method: 'eth_coinbase' })
    deliver({
      jsonrpc: '2.0',
      id: 2,
      error: { code: 4200, message: 'Unsupported method', data: { method: 'eth_coinbase' } },
    })
    const error = await answer.catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      code: 4200,
      message: 'Unsupported method',
      data: { method: 'eth_coinbase' },
    })
  })

  it('turns the wallet notifications into EIP-1193 events', async () => {
    const { channel, deliver } = fakeChannel()
    const provider = createEthereumProvider(channel)
    deliver({ jsonrpc: '2.0', id: 1, result: '0x1' })
    await flush()
    const events: unknown[] = []
    for (const name of ['chainChanged', 'accountsChanged', 'message', 'disconnect']) {
      provider.on(name, (value) => events.push([name, value]))
    }
    deliver({ jsonrpc: '2.0', method: 'chainChanged', params: { chainId: '0xa' } })
    deliver({ jsonrpc: '2.0', method: 'chainChanged', params: { chainId: '0xa' } })
    deliver({ jsonrpc: '2.0', method: 'accountsChanged', params: ['0xf39f'] })
    deliver({
      jsonrpc: '2.0',
      method: 'wallet_notify',
      params: {
        scope: 'eip155:10',
        notification: { method: 'eth_subscription', params: { subscription: '0x1', result: 7 } },
      },
    })
    expect(events).toEqual([
      ['chainChanged', '0xa'],
      ['accountsChanged', ['0xf39f']],
      ['message', { type: 'eth_subscription', data: { subscription: '0x1', result: 7 } }],
    ])
  })

  it('emits disconnect with a 4900 ProviderRpcError when the wallet is gone for good, and is no longer connected', async () => {
    const { channel, deliver } = fakeChannel()
    const provider = createEthereumProvider(channel)
    deliver({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    await flush()
    expect(provider.isConnected()).toBe(true)
    const disconnects: unknown[] = []
    provider.on('disconnect', (error) => disconnects.push(error))
    deliver({ jsonrpc: '2.0', method: 'disconnect' })
    expect(disconnects).toHaveLength(1)
    expect(disconnects[0]).toBeInstanceOf(Error)
    expect(disconnects[0]).toMatchObject({
      code: 4900,
      message: 'The provider is disconnected from all chains.',
    })
    expect(provider.isConnected()).toBe(false)
  })

  it('removes listeners (removeListener, off, once) and stays extensible', async () => {
    const { channel, deliver } = fakeChannel()
    const provider = createEthereumProvider(channel)
    const seen: unknown[] = []
    const listener = (accounts: unknown) => seen.push(accounts)
    provider.on('accountsChanged', listener)
    provider.once('accountsChanged', (accounts) => seen.push(['once', accounts]))
    deliver({ jsonrpc: '2.0', method: 'accountsChanged', params: ['0x1'] })
    provider.removeListener('accountsChanged', listener)
    deliver({ jsonrpc: '2.0', method: 'accountsChanged', params: ['0x2'] })
    expect(seen).toEqual([['0x1'], ['once', ['0x1']]])
    expect(provider.listenerCount('accountsChanged')).toBe(0)
    expect(Object.isExtensible(provider)).toBe(true)
    Object.assign(provider, { dappFlag: true })
    expect(provider).toMatchObject({ isAperture: true, isMetaMask: true, dappFlag: true })
  })
})
