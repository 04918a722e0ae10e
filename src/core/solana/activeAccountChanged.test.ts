import { describe, expect, it } from 'vitest'
import type { SessionScopes, StoredSession } from '../multichain/ports.ts'
import { activeAccountChanged, activeSolanaAccount } from './activeAccountChanged.ts'

const localSolana = 'solana:123456789abcdef'
const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const first = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const second = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'

const scope = (chainId: string, addresses: string[]) => ({
  methods: ['signMessage'],
  notifications: [],
  accounts: addresses.map((address) => `${chainId}:${address}`),
})

const session = (
  sessionScopes: Record<string, ReturnType<typeof scope>>,
  sessionProperties: StoredSession['sessionProperties'] = {
    solana_accountChanged_notifications: true,
  },
): StoredSession => ({
  sessionScopes: sessionScopes as SessionScopes,
  sessionProperties,
  requestedScopes: {},
  createdAt: 0,
})

describe('activeSolanaAccount', () => {
  it('is the first account of the first Solana scope holding one, skipping other namespaces', () => {
    expect(
      activeSolanaAccount({
        'eip155:1': scope('eip155:1', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']),
        [mainnet]: scope(mainnet, []),
        [localSolana]: scope(localSolana, [second, first]),
      } as SessionScopes),
    ).toEqual({ address: second, scope: localSolana })
  })

  it('is undefined without a Solana account', () => {
    expect(activeSolanaAccount({})).toBeUndefined()
  })
})

describe('activeAccountChanged', () => {
  it('is nothing when the property is false or absent in both sessions', () => {
    const before = session(
      { [localSolana]: scope(localSolana, [first]) },
      { solana_accountChanged_notifications: false },
    )
    expect(activeAccountChanged(before, undefined)).toEqual([])
    expect(
      activeAccountChanged(undefined, session({ [localSolana]: scope(localSolana, [first]) }, {})),
    ).toEqual([])
  })

  it('names the new active account in the scope it is taken from', () => {
    const before = session({ [localSolana]: scope(localSolana, [first]) })
    const after = session({ [mainnet]: scope(mainnet, [second]) })
    expect(activeAccountChanged(before, after)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'wallet_notify',
        params: {
          scope: mainnet,
          notification: { method: 'metamask_accountsChanged', params: [second] },
        },
      },
    ])
  })

  it('is [] in the old scope when no Solana account is left', () => {
    const before = session({ [localSolana]: scope(localSolana, [first]) })
    expect(activeAccountChanged(before, undefined)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'wallet_notify',
        params: {
          scope: localSolana,
          notification: { method: 'metamask_accountsChanged', params: [] },
        },
      },
    ])
  })

  it('is nothing when the active account stayed (another account or chain changed)', () => {
    const before = session({ [localSolana]: scope(localSolana, [first]) })
    const after = session({
      [localSolana]: scope(localSolana, [first, second]),
      [mainnet]: scope(mainnet, [first, second]),
    })
    expect(activeAccountChanged(before, after)).toEqual([])
  })
})
