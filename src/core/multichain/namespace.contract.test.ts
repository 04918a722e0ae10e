import { describe, expect, it } from 'vitest'
import { parseAccountId } from '../caip/parseAccountId.ts'
import { walletNamespaces } from '../wallet/namespaces.ts'
import { createHarness, dapp } from './testing/engineHarness.ts'
import { anvilAccounts } from './testing/memoryPorts.ts'

const keys = [anvilAccounts[0], anvilAccounts[1]]
const solana = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
]
const wallet = { keys, addresses: { solana } }
const networks = [
  { chainId: 'eip155:31337' as const, enabled: true },
  { chainId: 'eip155:1' as const, enabled: false },
  { chainId: 'solana:123456789abcdef' as const, enabled: true },
  { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const, enabled: false },
]

// The contract every namespace keeps (DESIGN §1): run against each namespace the wallet speaks.
describe.each(walletNamespaces.map((namespace) => [namespace.name, namespace] as const))(
  'the %s namespace',
  (name, namespace) => {
    it('offers only its own enabled networks (and its wallet scope), each with methods', () => {
      const chains = namespace.chains(networks)
      expect(Object.keys(chains).length).toBeGreaterThan(0)
      for (const [chainId, support] of Object.entries(chains)) {
        expect(chainId.startsWith(`${name}:`) || chainId === `wallet:${name}`).toBe(true)
        expect(networks.some((network) => network.chainId === chainId && !network.enabled)).toBe(
          false,
        )
        expect(support.methods.length).toBeGreaterThan(0)
      }
    })

    it('names one address per wallet account, as CAIP-10 ids of its chains that parse back', () => {
      const addresses = namespace.addresses(wallet)
      expect(addresses).toHaveLength(keys.length)
      for (const chainId of Object.keys(namespace.chains(networks)).filter(
        (id) => !id.startsWith('wallet:'),
      )) {
        for (const address of addresses) {
          const parsed = parseAccountId(
            namespace.accountId(chainId as `${string}:${string}`, address),
          )
          expect(parsed?.chainId).toBe(chainId)
          expect(namespace.sameAddress(parsed?.address ?? '', address)).toBe(true)
        }
      }
    })

    it("tells its accounts apart, and never matches another namespace's address", () => {
      const [first = '', second = ''] = namespace.addresses(wallet)
      expect(namespace.sameAddress(first, second)).toBe(false)
      const foreign = walletNamespaces
        .filter((other) => other.name !== name)
        .flatMap((other) => other.addresses(wallet))
      for (const address of foreign) expect(namespace.sameAddress(first, address)).toBe(false)
    })

    it('replays on re-send every method it confirms', () => {
      for (const method of namespace.confirmedMethods) {
        expect(namespace.replayedMethods).toContain(method)
      }
    })

    it('answers a granted node method through the chain node, verbatim', async () => {
      const chainId = Object.keys(namespace.chains(networks)).find(
        (id) => !id.startsWith('wallet:'),
      )
      const supported = chainId
        ? namespace.chains(networks)[chainId as `${string}:${string}`]
        : undefined
      const nodeMethod = supported?.methods.find(
        (method) =>
          !namespace.confirmedMethods.includes(method) &&
          /^(eth_blockNumber|getGenesisHash)$/.test(method),
      )
      if (!chainId || !nodeMethod) throw new Error(`${name} offers no node read`)
      const harness = createHarness({
        capabilities: {
          chains: namespace.chains(networks),
          accounts: keys,
          addresses: { solana },
        },
      })
      harness.ports.setNodeAnswer(() => ({
        error: { code: -32005, message: 'limit', data: { n: 1 } },
      }))
      await harness.call('wallet_createSession', {
        optionalScopes: { [chainId]: { methods: [nodeMethod], notifications: [] } },
      })
      const answer = await harness.call('wallet_invokeMethod', {
        scope: chainId,
        request: { method: nodeMethod, params: [] },
      })
      expect(answer.error).toEqual({ code: -32005, message: 'limit', data: { n: 1 } })
      expect(harness.ports.nodeCalls).toContainEqual({
        kind: 'request',
        chainId,
        method: nodeMethod,
        params: [],
      })
    })

    it('offers its subscription methods and notification on each of its chains', () => {
      const { subscriptions } = namespace
      const chains = Object.entries(namespace.chains(networks)).filter(
        ([id]) => !id.startsWith('wallet:'),
      )
      for (const [, support] of chains) {
        if (subscriptions) {
          expect(support.methods).toEqual(expect.arrayContaining([...subscriptions.methods]))
          expect(support.notifications).toContain(subscriptions.notification)
          const granted = { ...support, accounts: [] }
          expect(subscriptions.allowedIn(granted)).toBe(true)
          expect(subscriptions.allowedIn({ ...granted, notifications: [] })).toBe(false)
          expect(subscriptions.allowedIn(undefined)).toBe(false)
        } else {
          // Without subscriptions it offers no notification that could carry their events.
          expect(support.notifications).toEqual([])
        }
      }
    })

    it('tells a subscription event on its chain in its own notification, or none without subscriptions', async () => {
      const chainId = Object.keys(namespace.chains(networks)).find(
        (id) => !id.startsWith('wallet:'),
      ) as `${string}:${string}` | undefined
      if (!chainId) throw new Error(`${name} offers no chain`)
      const harness = createHarness({
        capabilities: { chains: namespace.chains(networks), accounts: keys, addresses: { solana } },
      })
      const head = { number: '0x1b4' }
      harness.engine.deliverSubscriptionEvent(
        { origin: dapp, connection: 'tab-1', chainId },
        '0x9ce59a13059e417087c02d3236a0b1cc',
        head,
      )
      const told = namespace.subscriptions
        ? [
            {
              to: 'connection',
              connection: 'tab-1',
              notification: {
                jsonrpc: '2.0',
                method: 'wallet_notify',
                params: {
                  scope: chainId,
                  notification: namespace.subscriptions.event(
                    '0x9ce59a13059e417087c02d3236a0b1cc',
                    head,
                  ),
                },
              },
            },
          ]
        : []
      expect(harness.ports.sent).toEqual(told)
      if (namespace.subscriptions) {
        expect(namespace.subscriptions.event('0x9ce59a13059e417087c02d3236a0b1cc', head)).toEqual({
          method: namespace.subscriptions.notification,
          params: { subscription: '0x9ce59a13059e417087c02d3236a0b1cc', result: head },
        })
      }
    })

    it("ends a chain's subscriptions when a new session takes them away, and only then", async () => {
      const chainId = Object.keys(namespace.chains(networks)).find(
        (id) => !id.startsWith('wallet:'),
      )
      const support = chainId
        ? namespace.chains(networks)[chainId as `${string}:${string}`]
        : undefined
      const read = support?.methods.find((method) =>
        /^(eth_blockNumber|getGenesisHash)$/.test(method),
      )
      if (!chainId || !read) throw new Error(`${name} offers no node read`)
      const harness = createHarness({
        capabilities: { chains: namespace.chains(networks), accounts: keys, addresses: { solana } },
      })
      await harness.call('wallet_createSession', {
        optionalScopes: { [chainId]: { methods: [], notifications: [] } },
      })
      await harness.call('wallet_createSession', {
        optionalScopes: { [chainId]: { methods: [read], notifications: [] } },
      })
      const ended = harness.ports.nodeCalls.filter((call) => call.kind === 'unsubscribeAll')
      expect(ended).toEqual(
        namespace.subscriptions
          ? [{ kind: 'unsubscribeAll', match: { origin: dapp, chainId } }]
          : [],
      )
    })

    it('grants its accounts in its own format', async () => {
      const chainId = Object.keys(namespace.chains(networks)).find(
        (id) => !id.startsWith('wallet:'),
      )
      if (!chainId) throw new Error(`${name} offers no chain`)
      const harness = createHarness({
        capabilities: { chains: namespace.chains(networks), accounts: keys, addresses: { solana } },
      })
      const answer = await harness.call('wallet_createSession', {
        optionalScopes: { [chainId]: { methods: [], notifications: [] } },
      })
      const first = namespace.addresses(wallet)[0] ?? ''
      expect(answer.result).toMatchObject({
        sessionScopes: {
          [chainId]: { accounts: [namespace.accountId(chainId as `${string}:${string}`, first)] },
        },
      })
    })
  },
)
