import { describe, expect, it } from 'vitest'
import { validateScopes } from './validateScopes.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('validateScopes', () => {
  it('accepts chain keys and namespace keys with references, keeping only known members', () => {
    const result = validateScopes(
      {
        'eip155:1': {
          methods: ['eth_call'],
          notifications: [],
          accounts: [`eip155:1:${alice}`],
          rpcDocuments: ['https://example.com/openrpc.json'],
        },
        eip155: { references: ['10', '31337'], methods: ['eth_chainId'], notifications: [] },
      },
      'requiredScopes',
    )
    expect(result).toEqual({
      problems: [],
      scopes: {
        'eip155:1': { methods: ['eth_call'], notifications: [], accounts: [`eip155:1:${alice}`] },
        eip155: { references: ['10', '31337'], methods: ['eth_chainId'], notifications: [] },
      },
    })
  })

  it('reports a scopes map that is not an object', () => {
    expect(validateScopes([], 'optionalScopes').problems).toEqual([
      { path: 'optionalScopes', message: 'must be an object' },
    ])
  })

  it('reports every problem, each with its path', () => {
    const { problems } = validateScopes(
      {
        eip155: { references: ['1', '0x0a'], methods: ['eth_call', 7], notifications: 'x' },
        'eip155:1': { references: ['1'], notifications: [] },
        'not a key': { methods: [], notifications: [] },
        'eip155:10': 'eth_call',
        'eip155:31337': {
          methods: [],
          notifications: [],
          accounts: [`eip155:1:${alice}`, 'eip155:31337:0x12'],
        },
      },
      'optionalScopes',
    )
    expect(problems).toEqual([
      { path: 'optionalScopes["eip155"].methods[1]', message: 'must be a non-empty string' },
      {
        path: 'optionalScopes["eip155"].notifications',
        message: 'must be an array of strings',
      },
      {
        path: 'optionalScopes["eip155"].references[1]',
        message: 'is not a valid eip155 chain reference',
      },
      {
        path: 'optionalScopes["eip155:1"].methods',
        message: 'is required (an array of strings)',
      },
      {
        path: 'optionalScopes["eip155:1"].references',
        message: 'is only allowed on a namespace key',
      },
      {
        path: 'optionalScopes["not a key"]',
        message: 'key must be a CAIP-2 namespace or chain id',
      },
      { path: 'optionalScopes["eip155:10"]', message: 'must be an object' },
      {
        path: 'optionalScopes["eip155:31337"].accounts[0]',
        message: 'is not on a chain of this scope',
      },
      {
        path: 'optionalScopes["eip155:31337"].accounts[1]',
        message: 'is not a valid CAIP-10 account id',
      },
    ])
  })

  it('requires a namespace key to name at least one reference when it has references', () => {
    expect(
      validateScopes({ eip155: { references: [], methods: [], notifications: [] } }, 'x').problems,
    ).toEqual([{ path: 'x["eip155"].references', message: 'must name at least one reference' }])
  })

  it('accepts accounts of a namespace key only on its references', () => {
    const scope = { references: ['1'], methods: [], notifications: [] }
    expect(
      validateScopes({ eip155: { ...scope, accounts: [`eip155:1:${alice}`] } }, 'x').problems,
    ).toEqual([])
    expect(
      validateScopes({ eip155: { ...scope, accounts: [`eip155:10:${alice}`] } }, 'x').problems,
    ).toEqual([{ path: 'x["eip155"].accounts[0]', message: 'is not on a chain of this scope' }])
  })
})
