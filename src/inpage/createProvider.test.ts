import { describe, expect, it } from 'vitest'
import { createProvider, type ProviderTransport } from './createProvider.ts'

const info = {
  uuid: '00000000-0000-4000-8000-000000000000',
  name: 'Aperture Canary',
  icon: 'data:,',
  rdns: 'dev.aperture.canary',
}

function fakeTransport() {
  const sent: unknown[] = []
  let deliver: (message: unknown) => void = () => undefined
  const transport: ProviderTransport = {
    send: (message) => {
      sent.push(message)
    },
    onMessage: (handler) => {
      deliver = handler
    },
  }
  return { transport, sent, deliver: (message: unknown) => deliver(message) }
}

describe('createProvider', () => {
  it('sends a JSON-RPC request and resolves with the result of the response with its id', async () => {
    const { transport, sent, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const answer = provider.request({ method: 'wallet_getSession', params: {} })
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'wallet_getSession', params: {} }])
    deliver({ jsonrpc: '2.0', id: 1, result: { sessionScopes: {}, sessionProperties: {} } })
    await expect(answer).resolves.toEqual({ sessionScopes: {}, sessionProperties: {} })
  })

  it('rejects with a plain { code, message, data } object', async () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const answer = provider.request({ method: 'eth_accounts' })
    deliver({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32601,
        message: 'The method "eth_accounts" does not exist / is not available.',
        data: { method: 'eth_accounts' },
      },
    })
    await expect(answer).rejects.toStrictEqual({
      code: -32601,
      message: 'The method "eth_accounts" does not exist / is not available.',
      data: { method: 'eth_accounts' },
    })
  })

  it('resolves with the value of a result sent as JSON text, parsed once', async () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const logs = [
      {
        address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        topics: ['0x1a2a2f5e4f1a4c0b28ab8ed5c3bbff8f4cdf1a0d6c2b8d0a7e0b8a3f7f6e5d4c'],
        data: '0x0000000000000000000000000000000000000000000000000000000000000001',
        removed: false,
      },
    ]
    const answer = provider.request({ method: 'wallet_invokeMethod', params: {} })
    deliver({ jsonrpc: '2.0', id: 1, resultJson: JSON.stringify(logs) })
    await expect(answer).resolves.toStrictEqual(logs)
  })

  it('resolves with null for a result text of null', async () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const answer = provider.request({ method: 'wallet_invokeMethod', params: {} })
    deliver({ jsonrpc: '2.0', id: 1, resultJson: 'null' })
    await expect(answer).resolves.toBeNull()
  })

  it('rejects with -32603 and data.cause when a result text is not JSON', async () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const answer = provider.request({ method: 'wallet_invokeMethod', params: {} })
    deliver({ jsonrpc: '2.0', id: 1, resultJson: '[{"data":"0x1"},]' })
    const error = await answer.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({ code: -32603, message: 'Internal error' })
    expect(error).toHaveProperty(['data', 'cause'], expect.any(String))
  })

  it('answers each request once: a duplicate response is ignored', async () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const first = provider.request({ method: 'wallet_revokeSession', params: {} })
    deliver({ jsonrpc: '2.0', id: 1, result: true })
    deliver({ jsonrpc: '2.0', id: 1, error: { code: 4001, message: 'User rejected the request.' } })
    await expect(first).resolves.toBe(true)
  })

  it('rejects params that are neither an object nor an array with -32602, without sending', async () => {
    const { transport, sent } = fakeTransport()
    const provider = createProvider(transport, info)
    await expect(
      provider.request({ method: 'wallet_invokeMethod', params: 'eth_blockNumber' }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(sent).toEqual([])
  })

  it('delivers wallet_sessionChanged params to listeners until they are removed', () => {
    const { transport, deliver } = fakeTransport()
    const provider = createProvider(transport, info)
    const received: unknown[] = []
    const listener = (params: unknown) => received.push(params)
    provider.on('wallet_sessionChanged', listener)
    deliver({ jsonrpc: '2.0', method: 'wallet_sessionChanged', params: { sessionScopes: {} } })
    provider.removeListener('wallet_sessionChanged', listener)
    deliver({ jsonrpc: '2.0', method: 'wallet_sessionChanged', params: { sessionScopes: {} } })
    expect(received).toEqual([{ sessionScopes: {} }])
  })

  it('is frozen, so a page cannot replace its methods', () => {
    const provider = createProvider(fakeTransport().transport, info)
    expect(Object.isFrozen(provider)).toBe(true)
    expect(provider.info).toBe(info)
  })
})
