import { describe, expect, it } from 'vitest'
import type { ChainId } from '../caip/types.ts'
import type { Namespace, NamespaceInvocation } from './namespace.ts'
import { bob, createHarness, walletNamespacesOver } from './testing/engineHarness.ts'
import { defaultCapabilities } from './testing/memoryPorts.ts'

// STYLE "Namespaces": a new namespace proves the seam. This one is the test's own — in memory, a
// few methods — handed to the engine beside the wallet's, as a composition root hands them; the
// engine is not edited for it.

const cosmosHub: ChainId = 'cosmos:cosmoshub-4'
/** The wallet's two accounts (anvil's first two keys) as bech32 Cosmos Hub addresses. */
const cosmosAddresses = [
  'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
  'cosmos1p3ucd3ptpw902fluyjzhq3ffgq4ntddac9sa3s',
]
const [, bobOnCosmos] = cosmosAddresses
const cosmosMethods = ['cosmos_getAccounts', 'cosmos_getHeight']

/** The accounts a scope grants, as the namespace's addresses. */
const addressesOf = (accounts: readonly string[]): string[] =>
  accounts.map((account) => account.slice(account.lastIndexOf(':') + 1))

/**
 * The `cosmos` namespace in memory: its chains support `cosmosMethods`, answered here (the granted
 * accounts, a fixed height); a session change tells the origin `cosmos_accountsChanged`.
 */
function createCosmosNamespace(): Namespace & { invoked: NamespaceInvocation[] } {
  const invoked: NamespaceInvocation[] = []
  const cosmosAccounts = (
    session: Parameters<NonNullable<Namespace['sessionChangeNotifications']>>[0],
  ) => addressesOf(session?.sessionScopes[cosmosHub]?.accounts ?? [])
  return {
    invoked,
    name: 'cosmos',
    title: 'Cosmos',
    chains: (networks) =>
      Object.fromEntries(
        networks
          .filter((network) => network.enabled && network.chainId.startsWith('cosmos:'))
          .map((network) => [network.chainId, { methods: [...cosmosMethods], notifications: [] }]),
      ),
    addresses: (accounts) => accounts.addresses?.cosmos ?? [],
    accountId: (chainId, address) => `${chainId}:${address}`,
    sameAddress: (a, b) => a === b,
    confirmedMethods: [],
    replayedMethods: [],
    sessionChangeNotifications(before, after) {
      const [was, is] = [cosmosAccounts(before), cosmosAccounts(after)]
      if (was.join() === is.join()) return []
      return [
        {
          jsonrpc: '2.0',
          method: 'wallet_notify',
          params: {
            scope: cosmosHub,
            notification: { method: 'cosmos_accountsChanged', params: is },
          },
        },
      ]
    },
    async invoke(_context, _call, invocation) {
      invoked.push(invocation)
      if (invocation.method === 'cosmos_getAccounts') {
        return { result: addressesOf(invocation.scope.accounts) }
      }
      return { result: '26542117' }
    },
  }
}

/** An engine handed the wallet's namespaces and `cosmos`, over a wallet with the Cosmos Hub. */
function cosmosWallet() {
  const cosmos = createCosmosNamespace()
  const capabilities = defaultCapabilities()
  Object.assign(capabilities.chains, cosmos.chains([{ chainId: cosmosHub, enabled: true }]))
  capabilities.addresses = { cosmos: cosmosAddresses }
  const harness = createHarness({
    capabilities,
    namespaces: (ports) => [...walletNamespacesOver(ports), cosmos],
  })
  return { ...harness, cosmos }
}

/** A session on the Cosmos Hub naming Bob's account, as a page asks for it. */
const cosmosRequest = {
  requiredScopes: {
    [cosmosHub]: {
      methods: ['cosmos_getAccounts'],
      notifications: [],
      accounts: [`${cosmosHub}:${bobOnCosmos}`],
    },
  },
}

const invoke = (method: string) => ({ scope: cosmosHub, request: { method, params: [] } })

describe('a third namespace, handed to the engine', () => {
  it('wallet_createSession offers its chain, preselects the account named in its format and grants its account ids', async () => {
    const { call, ports } = cosmosWallet()
    const answer = await call('wallet_createSession', cosmosRequest)
    expect(ports.approvals[0]?.chains).toEqual([
      { chainId: cosmosHub, required: true, methods: ['cosmos_getAccounts'], notifications: [] },
    ])
    expect(ports.approvals[0]?.preselectedAccounts).toEqual([bob])
    expect(answer.result).toEqual({
      sessionScopes: {
        [cosmosHub]: {
          methods: ['cosmos_getAccounts'],
          notifications: [],
          accounts: [`${cosmosHub}:${bobOnCosmos}`],
        },
      },
      sessionProperties: {},
    })
  })

  it('wallet_invokeMethod hands a granted method to the namespace, and refuses one not granted', async () => {
    const { call, cosmos, ports } = cosmosWallet()
    await call('wallet_createSession', cosmosRequest)
    expect((await call('wallet_invokeMethod', invoke('cosmos_getAccounts'))).result).toEqual([
      bobOnCosmos,
    ])
    expect(cosmos.invoked).toEqual([
      {
        chainId: cosmosHub,
        scope: cosmosRequest.requiredScopes[cosmosHub],
        method: 'cosmos_getAccounts',
        params: [],
      },
    ])
    expect((await call('wallet_invokeMethod', invoke('cosmos_getHeight'))).error?.code).toBe(4100)
    expect(cosmos.invoked).toHaveLength(1)
    expect(ports.nodeCalls).toEqual([])
  })

  it('wallet_revokeSession ends it with the namespace’s own notice, and its methods are refused after', async () => {
    const { call, cosmos, ports, sessionChanges } = cosmosWallet()
    await call('wallet_createSession', cosmosRequest)
    expect((await call('wallet_revokeSession', {})).result).toBe(true)
    expect(sessionChanges().at(-1)).toEqual({})
    expect(ports.sent.at(-1)?.notification).toEqual({
      jsonrpc: '2.0',
      method: 'wallet_notify',
      params: { scope: cosmosHub, notification: { method: 'cosmos_accountsChanged', params: [] } },
    })
    expect((await call('wallet_invokeMethod', invoke('cosmos_getAccounts'))).error?.code).toBe(4100)
    expect(cosmos.invoked).toEqual([])
  })
})
