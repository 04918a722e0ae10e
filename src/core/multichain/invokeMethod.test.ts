import { describe, expect, it } from 'vitest'
import { requestDigestOf } from '../protocol/requestIdentity.ts'
import {
  alice,
  bob,
  createHarness,
  dapp,
  mainnetRequest,
  otherDapp,
} from './testing/engineHarness.ts'

const unauthorized = {
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
}

const subscribingRequest = {
  requiredScopes: {
    'eip155:31337': {
      methods: ['eth_blockNumber', 'eth_subscribe', 'eth_unsubscribe'],
      notifications: ['eth_subscription'],
    },
  },
}

const invoke = (scope: unknown, method: unknown, params?: unknown) => ({
  scope,
  request: params === undefined ? { method } : { method, params },
})

describe('wallet_invokeMethod', () => {
  it('sends a granted method to the chain’s node and relays its result', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => ({ result: '0x56bc75e2d63100000' }))
    const params = [alice, 'latest']
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_getBalance', params))
    expect(response).toEqual({ jsonrpc: '2.0', id: 2, result: '0x56bc75e2d63100000' })
    expect(ports.nodeCalls).toEqual([
      { kind: 'request', chainId: 'eip155:1', method: 'eth_getBalance', params },
    ])
  })

  it('relays a null result as a result', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => ({ result: null }))
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response).toEqual({ jsonrpc: '2.0', id: 2, result: null })
  })

  it('relays the node’s error verbatim, data included', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_getLogs'], notifications: [] } },
    })
    const error = {
      code: -32005,
      message: 'query returned more than 10000 results',
      data: { from: '0x1', to: '0x2710', limit: 10000 },
    }
    ports.setNodeAnswer(() => ({ error }))
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:1', 'eth_getLogs', [{ fromBlock: '0x0' }]),
    )
    expect(response).toEqual({ jsonrpc: '2.0', id: 2, error })
  })

  it('relays a node error without data without adding any', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => ({ error: { code: 3, message: 'execution reverted' } }))
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response.error).toStrictEqual({ code: 3, message: 'execution reverted' })
  })

  it('answers -32603 with data.cause when the node cannot be reached', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => {
      throw new Error('fetch failed: connect ECONNREFUSED 127.0.0.1:8545')
    })
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { cause: 'fetch failed: connect ECONNREFUSED 127.0.0.1:8545' },
    })
  })

  it('answers -32603 when the node’s answer is neither a result nor an error', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => JSON.parse('{"jsonrpc":"2.0"}'))
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response.error?.code).toBe(-32603)
    expect(response.error?.data).toHaveProperty('cause')
  })

  it('relays a result given as the node’s JSON text as that text, unparsed', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_getLogs'], notifications: [] } },
    })
    const resultJson =
      '[{"address":"0x5fbdb2315678afecb367f032d93f642f64180aa3","data":"0x01","removed":false}]'
    ports.setNodeAnswer(() => ({ resultJson }))
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:1', 'eth_getLogs', [{ fromBlock: '0x0' }]),
    )
    expect(response).toStrictEqual({ jsonrpc: '2.0', id: 2, resultJson })
  })

  it('hands the pieces of a result passed through on to the page request’s onResultPiece', async () => {
    const { call, engine, ports } = createHarness()
    await call('wallet_createSession', {
      requiredScopes: { 'eip155:1': { methods: ['eth_getLogs'], notifications: [] } },
    })
    ports.setNodeAnswer((_chainId, _method, _params, options) => {
      options?.onResultPiece?.('[{"data":"0x01"},')
      return { resultJson: '{"data":"0x02"}]' }
    })
    const pieces: string[] = []
    const response = await engine.handleRequest(
      'https://app.example',
      'tab-1',
      {
        jsonrpc: '2.0',
        id: 9,
        method: 'wallet_invokeMethod',
        params: invoke('eip155:1', 'eth_getLogs', [{ fromBlock: '0x0' }]),
      },
      { onResultPiece: (text) => pieces.push(text) },
    )
    expect(pieces).toEqual(['[{"data":"0x01"},'])
    expect(response).toStrictEqual({ jsonrpc: '2.0', id: 9, resultJson: '{"data":"0x02"}]' })
  })

  it('answers -32603 when the node’s result text is not a string', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    ports.setNodeAnswer(() => JSON.parse('{"resultJson":["0x1"]}'))
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response.error?.code).toBe(-32603)
    expect(response.error?.data).toHaveProperty('cause')
  })

  it('answers 4100 when the origin has no session', async () => {
    const { call, ports } = createHarness()
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_call', [{}]))
    expect(response).toEqual({ jsonrpc: '2.0', id: 1, error: unauthorized })
    expect(ports.nodeCalls).toEqual([])
  })

  it('answers 4100 for a scope the session does not grant', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const response = await call('wallet_invokeMethod', invoke('eip155:10', 'eth_call', [{}]))
    expect(response.error).toEqual(unauthorized)
    expect(ports.nodeCalls).toEqual([])
  })

  it('answers 4100 for a method not granted in that scope', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const response = await call('wallet_invokeMethod', invoke('eip155:1', 'eth_blockNumber'))
    expect(response.error).toEqual(unauthorized)
    expect(ports.nodeCalls).toEqual([])
  })

  it('answers 4100 to another origin than the one holding the session', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:1', 'eth_call', [{}]),
      otherDapp,
    )
    expect(response.error).toEqual(unauthorized)
  })

  it('answers -32602 for malformed params, listing each problem', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', mainnetRequest)
    const response = await call('wallet_invokeMethod', { scope: 'mainnet', request: { params: 1 } })
    expect(response.error).toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'scope', message: 'must be a CAIP-2 chain id' },
          { path: 'request.method', message: 'must be a non-empty string' },
          { path: 'request.params', message: 'must be an array or an object' },
        ],
      },
    })
    for (const params of [undefined, [], { scope: 'eip155:1' }]) {
      expect((await call('wallet_invokeMethod', params)).error?.code).toBe(-32602)
    }
  })

  it('subscribes over the chain’s socket for the calling connection', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', subscribingRequest)
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:31337', 'eth_subscribe', ['newHeads']),
      dapp,
      'tab-7',
    )
    expect(response.result).toBe('0x00000000000000000000000000000001')
    expect(ports.nodeCalls).toEqual([
      {
        kind: 'subscribe',
        owner: { origin: dapp, connection: 'tab-7', chainId: 'eip155:31337' },
        params: ['newHeads'],
      },
    ])
  })

  it('unsubscribes through the node router with the owner', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', subscribingRequest)
    const id = '0x00000000000000000000000000000001'
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:31337', 'eth_unsubscribe', [id]),
    )
    expect(response.result).toBe(true)
    expect(ports.nodeCalls).toEqual([
      {
        kind: 'unsubscribe',
        owner: { origin: dapp, connection: 'tab-1', chainId: 'eip155:31337' },
        subscriptionId: id,
      },
    ])
  })

  it('answers 4100 to eth_subscribe when eth_subscription is not granted', async () => {
    const { call, ports } = createHarness()
    // A named notification the wallet does not support is dropped: none is granted.
    await call('wallet_createSession', {
      optionalScopes: {
        'eip155:31337': {
          methods: ['eth_subscribe', 'eth_unsubscribe'],
          notifications: ['chainChanged'],
        },
      },
    })
    for (const [method, params] of [
      ['eth_subscribe', ['newHeads']],
      ['eth_unsubscribe', ['0x1']],
    ] as const) {
      const response = await call('wallet_invokeMethod', invoke('eip155:31337', method, params))
      expect(response.error).toEqual(unauthorized)
    }
    expect(ports.nodeCalls).toEqual([])
  })

  it('answers -32602 to eth_subscribe without a kind and eth_unsubscribe without an id', async () => {
    const { call } = createHarness()
    await call('wallet_createSession', subscribingRequest)
    for (const [method, params] of [
      ['eth_subscribe', []],
      ['eth_subscribe', { kind: 'newHeads' }],
      ['eth_unsubscribe', []],
      ['eth_unsubscribe', [1]],
    ] as const) {
      const response = await call('wallet_invokeMethod', invoke('eip155:31337', method, params))
      expect(response.error?.code).toBe(-32602)
    }
  })

  it('answers -32603 when the chain’s socket cannot be reached', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', subscribingRequest)
    ports.nodes.subscribe = async () => {
      throw new Error('WebSocket closed before the connection was established')
    }
    const response = await call(
      'wallet_invokeMethod',
      invoke('eip155:31337', 'eth_subscribe', ['newHeads']),
    )
    expect(response.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { cause: 'WebSocket closed before the connection was established' },
    })
  })
})

describe('wallet_invokeMethod on the wallet:eip155 scope', () => {
  const addChain = {
    chainId: '0x539',
    chainName: 'Dev chain',
    rpcUrls: ['http://127.0.0.1:9545'],
  }
  const walletScopeRequest = {
    optionalScopes: {
      'wallet:eip155': {
        methods: ['wallet_addEthereumChain'],
        notifications: [],
        accounts: [`wallet:eip155:${bob.toLowerCase()}`],
      },
    },
  }

  it('grants wallet:eip155 with accounts written wallet:eip155:<address>', async () => {
    const { call } = createHarness()
    const created = await call('wallet_createSession', walletScopeRequest)
    expect(created.result).toMatchObject({
      sessionScopes: {
        'wallet:eip155': {
          methods: ['wallet_addEthereumChain'],
          notifications: [],
          accounts: [`wallet:eip155:${bob}`],
        },
      },
    })
  })

  it('hands wallet_addEthereumChain to the network adder as a network draft and answers null', async () => {
    const { call, ports } = createHarness()
    await call('wallet_createSession', walletScopeRequest)
    const asked = invoke('wallet:eip155', 'wallet_addEthereumChain', [addChain])
    const response = await call('wallet_invokeMethod', asked)
    expect(response.result).toBeNull()
    expect(ports.addedNetworks).toEqual([
      {
        origin: dapp,
        requestKey: 'tab-1/2',
        requestDigest: requestDigestOf('wallet_invokeMethod', asked),
        draft: {
          chainId: 'eip155:1337',
          name: 'Dev chain',
          rpcUrl: 'http://127.0.0.1:9545',
          wsUrl: 'ws://127.0.0.1:9545',
        },
      },
    ])
  })

  it('answers -32602 to malformed EIP-3085 params and 4100 without the scope', async () => {
    const { call, ports } = createHarness()
    expect(
      (
        await call(
          'wallet_invokeMethod',
          invoke('wallet:eip155', 'wallet_addEthereumChain', [addChain]),
        )
      ).error,
    ).toEqual(unauthorized)
    await call('wallet_createSession', walletScopeRequest)
    const malformed = await call(
      'wallet_invokeMethod',
      invoke('wallet:eip155', 'wallet_addEthereumChain', [{ ...addChain, chainId: 1337 }]),
    )
    expect(malformed.error).toMatchObject({ code: -32602 })
    expect(ports.addedNetworks).toEqual([])
  })
})
