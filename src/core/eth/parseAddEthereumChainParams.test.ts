import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAddEthereumChainParams } from './parseAddEthereumChainParams.ts'

const chain = {
  chainId: '0x539',
  chainName: 'Dev chain',
  rpcUrls: ['http://127.0.0.1:9545/'],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

describe('parseAddEthereumChainParams', () => {
  it("reads EIP-3085 params as the network form's draft", () => {
    expect(parseAddEthereumChainParams([chain])).toEqual({
      draft: {
        chainId: 'eip155:1337',
        name: 'Dev chain',
        rpcUrl: 'http://127.0.0.1:9545/',
        wsUrl: 'ws://127.0.0.1:9545/',
      },
    })
  })

  it('takes a ws(s) URL from rpcUrls when there is one, and the first http(s) one', () => {
    const urls = ['wss://rpc.example/ws', 'ftp://x', 'https://rpc.example/', 'http://other/']
    expect(parseAddEthereumChainParams([{ ...chain, rpcUrls: urls }])).toMatchObject({
      draft: { rpcUrl: 'https://rpc.example/', wsUrl: 'wss://rpc.example/ws' },
    })
  })

  it("takes the first of blockExplorerUrls as the network's explorer", () => {
    expect(
      parseAddEthereumChainParams([
        { ...chain, blockExplorerUrls: ['https://explorer.example/', 'https://other.example'] },
      ]),
    ).toMatchObject({ draft: { explorerUrl: 'https://explorer.example' } })
    expect(parseAddEthereumChainParams([{ ...chain, blockExplorerUrls: [] }])).not.toMatchObject({
      draft: { explorerUrl: expect.anything() },
    })
  })

  it('refuses a blockExplorerUrls entry that is not http(s): a javascript: URL is -32602 material', () => {
    for (const blockExplorerUrls of [
      ['javascript:alert(document.cookie)'],
      ['data:text/html,x'],
      'https://x.example',
    ]) {
      expect(parseAddEthereumChainParams([{ ...chain, blockExplorerUrls }])).toEqual({
        problems: [
          { path: 'params[0].blockExplorerUrls', message: 'must hold http:// or https:// URLs' },
        ],
      })
    }
  })

  it('reports each malformed member with its path', () => {
    expect(
      parseAddEthereumChainParams([{ chainId: '1337', chainName: '', rpcUrls: ['ws://x'] }]),
    ).toEqual({
      problems: [
        {
          path: 'params[0].chainId',
          message: 'must be a hex chain id without leading zeros, e.g. 0x539',
        },
        { path: 'params[0].chainName', message: 'must be a non-empty string' },
        { path: 'params[0].rpcUrls', message: 'must hold an http:// or https:// URL' },
      ],
    })
    for (const params of [undefined, {}, [], [chain, chain], ['0x539']]) {
      expect(parseAddEthereumChainParams(params)).toEqual({
        problems: [{ path: 'params', message: 'must be [AddEthereumChainParameter]' }],
      })
    }
    expect(parseAddEthereumChainParams([{ ...chain, chainId: '0x0539' }])).toHaveProperty(
      'problems',
    )
  })

  it('never throws, and answers a draft or at most one problem per member', () => {
    fc.assert(
      fc.property(fc.anything(), (params) => {
        const parsed = parseAddEthereumChainParams(params)
        if ('problems' in parsed) expect(parsed.problems.length).toBeLessThanOrEqual(3)
        else expect(parsed.draft.chainId).toMatch(/^eip155:[1-9][0-9]*$/)
      }),
      { numRuns: 1000 },
    )
  })
})
