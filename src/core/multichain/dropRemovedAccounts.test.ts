import { describe, expect, it } from 'vitest'
import type { AccountKey } from './ports.ts'
import { alice, bob, createHarness, dapp, otherDapp } from './testing/engineHarness.ts'
import type { ApprovalPolicy } from './testing/memoryPorts.ts'

const request = {
  optionalScopes: { 'eip155:1': { methods: ['eth_call'], notifications: [] } },
}

/** A harness where `dapp` holds alice and bob, and `otherDapp` alice only. */
async function connected() {
  const harness = createHarness()
  const approving =
    (accounts: AccountKey[]): ApprovalPolicy =>
    (offered) => ({
      approved: true,
      chains: offered.chains.map((chain) => chain.chainId),
      accounts,
    })
  harness.ports.setApprovalPolicy(approving([alice, bob]))
  await harness.call('wallet_createSession', request)
  harness.ports.setApprovalPolicy(approving([alice]))
  await harness.call('wallet_createSession', request, otherDapp)
  return harness
}

const withoutBob = (harness: Awaited<ReturnType<typeof connected>>) => {
  harness.ports.capabilitiesValue = { ...harness.ports.capabilitiesValue, accounts: [alice] }
}

describe('dropRemovedAccounts (an imported account was removed)', () => {
  it('drops the removed account from every session that held it and tells the origin', async () => {
    const harness = await connected()
    withoutBob(harness)
    const before = harness.sessionChanges(otherDapp).length
    await harness.engine.dropRemovedAccounts()
    const expected = {
      'eip155:1': {
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:1:${alice}`],
      },
    }
    expect(harness.ports.store.get(dapp)?.sessionScopes).toEqual(expected)
    expect(harness.sessionChanges().at(-1)).toEqual(expected)
    expect(harness.sessionChanges(otherDapp)).toHaveLength(before)
  })

  it('ends a session left without any account as if it were revoked', async () => {
    const harness = await connected()
    harness.ports.capabilitiesValue = { ...harness.ports.capabilitiesValue, accounts: [bob] }
    await harness.engine.dropRemovedAccounts()
    expect(harness.ports.store.has(otherDapp)).toBe(false)
    expect(harness.sessionChanges(otherDapp).at(-1)).toEqual({})
    expect(harness.ports.store.get(dapp)?.sessionScopes['eip155:1']?.accounts).toEqual([
      `eip155:1:${bob}`,
    ])
  })
})
