import { describe, expect, it } from 'vitest'
import { NodeClientError } from '../eth/createHttpNodeClient.ts'
import type { NodeAnswer, NodeCall } from '../rpc/types.ts'
import {
  checkNetworkEndpoint,
  validateEndpointDraft,
  validateNetworkDraft,
} from './validateNetwork.ts'

const known = { builtIn: ['eip155:1', 'eip155:31337'] as const, custom: ['eip155:1337'] as const }
const draft = {
  chainId: 'eip155:8888',
  name: 'Staging',
  rpcUrl: 'http://127.0.0.1:9545/v3/dev',
  wsUrl: 'ws://127.0.0.1:9545/ws/v3/dev',
}

const answering =
  (answer: NodeAnswer): NodeCall =>
  async () =>
    answer

describe('validateNetworkDraft', () => {
  it('accepts a new eip155 network with http and ws endpoints, trimmed', () => {
    expect(
      validateNetworkDraft({ ...draft, name: '  Staging ', chainId: ' eip155:8888' }, known),
    ).toEqual({ network: draft })
  })

  it('accepts https and wss endpoints', () => {
    const secure = {
      ...draft,
      rpcUrl: 'https://rpc.example/v3/key',
      wsUrl: 'wss://rpc.example/ws/v3/key',
    }
    expect(validateNetworkDraft(secure, known)).toEqual({ network: secure })
  })

  it.each([
    'eip155',
    '8888',
    'eip155:0x22b8',
    'eip155:',
    'eip155:0',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'eip155:08',
  ])('refuses the chain id %s', (chainId) => {
    expect(validateNetworkDraft({ ...draft, chainId }, known)).toEqual({
      problems: { chainId: 'Enter an EVM chain id as eip155:<number>, e.g. eip155:1337.' },
    })
  })

  it('refuses a built-in chain and a chain already added', () => {
    expect(validateNetworkDraft({ ...draft, chainId: 'eip155:1' }, known)).toEqual({
      problems: { chainId: 'eip155:1 is a built-in network.' },
    })
    expect(validateNetworkDraft({ ...draft, chainId: 'eip155:1337' }, known)).toEqual({
      problems: { chainId: 'eip155:1337 is already in your networks.' },
    })
  })

  it('lets the network being edited keep its chain id', () => {
    const edited = { ...draft, chainId: 'eip155:1337' }
    expect(validateNetworkDraft(edited, { ...known, replacing: 'eip155:1337' })).toEqual({
      network: edited,
    })
  })

  it('reports every field at once: name, HTTP and WebSocket URLs', () => {
    expect(
      validateNetworkDraft(
        { ...draft, name: ' ', rpcUrl: 'ws://127.0.0.1:9545', wsUrl: 'http://127.0.0.1:9545' },
        known,
      ),
    ).toEqual({
      problems: {
        name: 'Give the network a name.',
        rpcUrl: 'Enter an http:// or https:// URL.',
        wsUrl: 'Enter a ws:// or wss:// URL.',
      },
    })
  })

  it('refuses text that is not a URL', () => {
    expect(validateNetworkDraft({ ...draft, rpcUrl: 'localhost:8545' }, known)).toEqual({
      problems: { rpcUrl: 'Enter an http:// or https:// URL.' },
    })
  })
})

describe('checkNetworkEndpoint', () => {
  it('passes when the endpoint serves the named chain', async () => {
    expect(await checkNetworkEndpoint(answering({ result: '0x22b8' }), 'eip155:8888')).toBe(
      undefined,
    )
  })

  it('names the chain the endpoint really serves', async () => {
    expect(await checkNetworkEndpoint(answering({ result: '0x7a69' }), 'eip155:8888')).toBe(
      'This endpoint serves eip155:31337, not eip155:8888.',
    )
  })

  it('relays the node’s refusal', async () => {
    expect(
      await checkNetworkEndpoint(
        answering({ error: { code: -32001, message: 'invalid project id' } }),
        'eip155:8888',
      ),
    ).toBe('The endpoint refused eth_chainId: -32001 invalid project id.')
  })

  it('says so when the endpoint does not answer', async () => {
    const unreachable: NodeCall = async () => {
      throw new NodeClientError('unreachable', draft.rpcUrl, 'fetch failed')
    }
    expect(await checkNetworkEndpoint(unreachable, 'eip155:8888')).toBe(
      'No JSON-RPC answer from this endpoint (fetch failed).',
    )
  })

  it('refuses an answer that is not a chain id', async () => {
    expect(await checkNetworkEndpoint(answering({ result: 'mainnet' }), 'eip155:8888')).toBe(
      'The endpoint answered eth_chainId with something else than a chain id.',
    )
  })
})

describe('validateEndpointDraft (a public Solana cluster’s endpoint)', () => {
  it('accepts an http(s) and a ws(s) URL, trimmed', () => {
    expect(
      validateEndpointDraft({
        rpcUrl: ' https://api.devnet.solana.com ',
        wsUrl: 'wss://api.devnet.solana.com',
      }),
    ).toEqual({
      endpoint: { rpcUrl: 'https://api.devnet.solana.com', wsUrl: 'wss://api.devnet.solana.com' },
    })
  })

  it('reports each URL that is not one', () => {
    expect(validateEndpointDraft({ rpcUrl: '', wsUrl: 'https://api.devnet.solana.com' })).toEqual({
      problems: {
        rpcUrl: 'Enter an http:// or https:// URL.',
        wsUrl: 'Enter a ws:// or wss:// URL.',
      },
    })
  })
})
