import { describe, expect, it } from 'vitest'
import { createSolanaWalletChannel } from './createSolanaWalletChannel.ts'

function fakeProviders() {
  const multichainCalls: unknown[] = []
  const walletStandardCalls: unknown[] = []
  const listeners: Array<(params: unknown) => void> = []
  const channel = createSolanaWalletChannel(
    {
      request: async (args) => {
        multichainCalls.push(args)
        return { signature: 'sig' }
      },
      on: (_event, listener) => listeners.push(listener),
    },
    {
      request: async (args) => {
        walletStandardCalls.push(args)
        return { sessionScopes: {}, sessionProperties: {} }
      },
    },
  )
  return { channel, multichainCalls, walletStandardCalls, listeners }
}

describe('createSolanaWalletChannel', () => {
  it('connects and disconnects on the Wallet Standard page API', async () => {
    const { channel, walletStandardCalls, multichainCalls } = fakeProviders()
    await channel.connect(false)
    await channel.connect(true)
    await channel.disconnect()
    expect(walletStandardCalls).toEqual([
      { method: 'standard:connect', params: { silent: false } },
      { method: 'standard:connect', params: { silent: true } },
      { method: 'standard:disconnect' },
    ])
    expect(multichainCalls).toEqual([])
  })

  it('signs through the Multichain API’s wallet_invokeMethod', async () => {
    const { channel, multichainCalls } = fakeProviders()
    const request = {
      method: 'signMessage',
      params: { account: { address: 'x' }, message: 'AQ==' },
    }
    await expect(channel.invokeMethod('solana:123456789abcdef', request)).resolves.toEqual({
      signature: 'sig',
    })
    expect(multichainCalls).toEqual([
      { method: 'wallet_invokeMethod', params: { scope: 'solana:123456789abcdef', request } },
    ])
  })

  it('hands on the sessionScopes of each wallet_sessionChanged', () => {
    const { channel, listeners } = fakeProviders()
    const heard: unknown[] = []
    channel.onSessionChanged((sessionScopes) => heard.push(sessionScopes))
    for (const listener of listeners) {
      listener({ sessionScopes: { 'solana:123456789abcdef': {} } })
      listener(undefined)
    }
    expect(heard).toEqual([{ 'solana:123456789abcdef': {} }])
  })
})
