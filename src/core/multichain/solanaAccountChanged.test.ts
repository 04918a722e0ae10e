import { describe, expect, it } from 'vitest'
import type { Json } from '../rpc/types.ts'
import { solanaScopeMethods } from '../solana/solanaNamespace.ts'
import { createWalletStandardApi } from './createWalletStandardApi.ts'
import { alice, bob, createHarness, dapp, otherDapp } from './testing/engineHarness.ts'
import { defaultCapabilities } from './testing/memoryPorts.ts'

// DESIGN §8 "Account changes": with `sessionProperties.solana_accountChanged_notifications: true`
// the origin gets `wallet_notify { scope, notification: { method: 'metamask_accountsChanged',
// params: [<base58>] } }` when its active Solana account changes (`[]` when revoked).

const localSolana = 'solana:123456789abcdef'
const solanaDevnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
/** The test mnemonic's Solana addresses of accounts 0 and 1 (`m/44'/501'/i'/0'`). */
const [first, second] = [
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
]
const asking = { solana_accountChanged_notifications: true }

/** An engine over a wallet with the harness's EVM networks, the Local Solana devnet and Solana devnet. */
function solanaWallet() {
  const capabilities = defaultCapabilities()
  for (const chainId of [localSolana, solanaDevnet] as const) {
    capabilities.chains[chainId] = { methods: [...solanaScopeMethods], notifications: [] }
  }
  capabilities.addresses = { solana: [first, second] }
  const harness = createHarness({ capabilities })
  /** Every `wallet_notify` sent to `origin`'s connections, as `[scope, method, params]`. */
  const accountNotes = (origin = dapp): Json[] =>
    harness.ports.sent.flatMap((sent) => {
      if (sent.to !== 'origin' || sent.origin !== origin) return []
      if (sent.notification.method !== 'wallet_notify') return []
      const { scope, notification } = sent.notification.params as {
        scope: string
        notification: { method: string; params: Json }
      }
      return [[scope, notification.method, notification.params]]
    })
  /** Approves with the given wallet accounts (their EVM keys), every offered chain. */
  const approveWith = (accounts: `0x${string}`[]) =>
    harness.ports.setApprovalPolicy((approval) => ({
      approved: true,
      chains: approval.chains.map((chain) => chain.chainId),
      accounts,
    }))
  return { ...harness, accountNotes, approveWith }
}

const solanaScopes = {
  optionalScopes: {
    'eip155:31337': { methods: ['eth_chainId'], notifications: [] },
    [localSolana]: { methods: ['signMessage'], notifications: [] },
  },
}

describe('wallet_createSession: solana_accountChanged_notifications', () => {
  it('keeps the property in the session and its result', async () => {
    const { call, approveWith } = solanaWallet()
    approveWith([alice])
    const created = await call('wallet_createSession', {
      ...solanaScopes,
      sessionProperties: { ...asking, theme: 'dark' },
    })
    expect(created.result).toMatchObject({ sessionProperties: asking })
    expect((await call('wallet_getSession', {})).result).toMatchObject({
      sessionProperties: asking,
    })
  })

  it('answers 5302 when the property is not a boolean', async () => {
    const { call, ports } = solanaWallet()
    const answer = await call('wallet_createSession', {
      ...solanaScopes,
      sessionProperties: { solana_accountChanged_notifications: 'yes' },
    })
    expect(answer.error).toEqual({ code: 5302, message: 'Invalid sessionProperties requested' })
    expect(ports.approvals).toHaveLength(0)
  })

  it('tells the origin its active Solana account once the session is created, after wallet_sessionChanged', async () => {
    const { call, ports, approveWith, accountNotes } = solanaWallet()
    approveWith([alice, bob])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    expect(accountNotes()).toEqual([[localSolana, 'metamask_accountsChanged', [first]]])
    expect(ports.sent.map((sent) => sent.notification.method)).toEqual([
      'wallet_sessionChanged',
      'wallet_notify',
    ])
  })

  it('sends nothing to a session that did not ask for it', async () => {
    const { call, engine, approveWith, accountNotes } = solanaWallet()
    approveWith([alice, bob])
    await call('wallet_createSession', solanaScopes)
    await engine.updateSession(dapp, { chains: ['eip155:31337', localSolana], accounts: [bob] })
    await engine.revokeSession(dapp)
    expect(accountNotes()).toEqual([])
  })

  it('sends nothing when the session holds no Solana account', async () => {
    const { call, approveWith, accountNotes } = solanaWallet()
    approveWith([alice])
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:31337': { methods: ['eth_chainId'], notifications: [] } },
      sessionProperties: asking,
    })
    expect(accountNotes()).toEqual([])
  })
})

describe('metamask_accountsChanged when the active Solana account changes', () => {
  it('a popup edit that removes the active account gives the next one; one that keeps it gives nothing', async () => {
    const { call, engine, approveWith, accountNotes } = solanaWallet()
    approveWith([alice, bob])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    await engine.updateSession(dapp, { chains: [localSolana], accounts: [alice, bob] })
    expect(accountNotes()).toHaveLength(1)
    await engine.updateSession(dapp, { chains: ['eip155:31337', localSolana], accounts: [bob] })
    expect(accountNotes().at(-1)).toEqual([localSolana, 'metamask_accountsChanged', [second]])
    await engine.updateSession(dapp, { chains: ['eip155:31337'], accounts: [bob] })
    expect(accountNotes().at(-1)).toEqual([localSolana, 'metamask_accountsChanged', []])
    expect(accountNotes()).toHaveLength(3)
  })

  it('is [] when the session is revoked (by the page or the wallet) or expires', async () => {
    const { call, engine, ports, approveWith, accountNotes } = solanaWallet()
    approveWith([alice])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    await call('wallet_revokeSession', {})
    expect(accountNotes().at(-1)).toEqual([localSolana, 'metamask_accountsChanged', []])

    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    await engine.revokeSession(dapp)
    expect(accountNotes().at(-1)).toEqual([localSolana, 'metamask_accountsChanged', []])

    await call('wallet_createSession', {
      ...solanaScopes,
      sessionProperties: { ...asking, expiry: '2026-01-01T01:00:00Z' },
    })
    ports.setNow(Date.parse('2026-01-01T02:00:00Z'))
    await engine.expireSessions()
    expect(accountNotes()).toEqual([
      [localSolana, 'metamask_accountsChanged', [first]],
      [localSolana, 'metamask_accountsChanged', []],
      [localSolana, 'metamask_accountsChanged', [first]],
      [localSolana, 'metamask_accountsChanged', []],
      [localSolana, 'metamask_accountsChanged', [first]],
      [localSolana, 'metamask_accountsChanged', []],
    ])
  })

  it('follows the Wallet Standard wallet connecting to and disconnecting from a session that asked, in the scope granted', async () => {
    const { call, engine, ports, approveWith, accountNotes } = solanaWallet()
    approveWith([alice])
    await call('wallet_createSession', {
      optionalScopes: { 'eip155:31337': { methods: ['eth_chainId'], notifications: [] } },
      sessionProperties: asking,
    })
    ports.setApprovalPolicy(() => ({ approved: true, chains: [solanaDevnet], accounts: [bob] }))
    const solana = createWalletStandardApi(engine, 'solana')
    const request = (method: string) => ({ jsonrpc: '2.0', id: 1, method })
    await solana.handleRequest(dapp, 'tab-1#solana', request('standard:connect'))
    await solana.handleRequest(dapp, 'tab-1#solana', request('standard:disconnect'))
    expect(accountNotes()).toEqual([
      [solanaDevnet, 'metamask_accountsChanged', [second]],
      [solanaDevnet, 'metamask_accountsChanged', []],
    ])
  })

  it('a new session replacing one that asked tells the new active account', async () => {
    const { call, approveWith, accountNotes } = solanaWallet()
    approveWith([alice])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    approveWith([bob])
    await call('wallet_createSession', solanaScopes)
    expect(accountNotes()).toEqual([
      [localSolana, 'metamask_accountsChanged', [first]],
      [localSolana, 'metamask_accountsChanged', [second]],
    ])
  })

  it('a removed network that leaves the session without Solana gives []', async () => {
    const { call, engine, ports, approveWith, accountNotes } = solanaWallet()
    approveWith([alice])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    delete ports.capabilitiesValue.chains[localSolana]
    await engine.dropUnavailableChains()
    expect(accountNotes().at(-1)).toEqual([localSolana, 'metamask_accountsChanged', []])
  })

  it('reaches only the origin whose account changed', async () => {
    const { call, engine, approveWith, accountNotes } = solanaWallet()
    approveWith([alice, bob])
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking })
    await call('wallet_createSession', { ...solanaScopes, sessionProperties: asking }, otherDapp)
    await engine.updateSession(dapp, { chains: [localSolana], accounts: [bob] })
    expect(accountNotes(otherDapp)).toEqual([[localSolana, 'metamask_accountsChanged', [first]]])
    expect(accountNotes(dapp).at(-1)).toEqual([localSolana, 'metamask_accountsChanged', [second]])
  })
})
