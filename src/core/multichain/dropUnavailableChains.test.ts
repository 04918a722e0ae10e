import { describe, expect, it } from 'vitest'
import type { ChainId } from '../caip/types.ts'
import { alice, createHarness, dapp, otherDapp } from './testing/engineHarness.ts'

const request = {
  optionalScopes: {
    'eip155:1': { methods: ['eth_call'], notifications: [] },
    'eip155:10': {
      methods: ['eth_subscribe', 'eth_blockNumber'],
      notifications: ['eth_subscription'],
    },
  },
}

async function connected() {
  const harness = createHarness()
  await harness.call('wallet_createSession', request)
  return harness
}

const withoutChain = (harness: ReturnType<typeof createHarness>, chainId: ChainId) => {
  const { [chainId]: _removed, ...chains } = harness.ports.capabilitiesValue.chains
  harness.ports.capabilitiesValue = { ...harness.ports.capabilitiesValue, chains }
}

describe('dropUnavailableChains (a network was removed)', () => {
  it('drops the scope of a removed network, notifies the origin and ends its subscriptions', async () => {
    const harness = await connected()
    withoutChain(harness, 'eip155:10')
    await harness.engine.dropUnavailableChains()
    const expected = {
      'eip155:1': {
        methods: ['eth_call'],
        notifications: ['eth_subscription'],
        accounts: [`eip155:1:${alice}`],
      },
    }
    expect(harness.ports.store.get(dapp)?.sessionScopes).toEqual(expected)
    expect(harness.sessionChanges().at(-1)).toEqual(expected)
    expect(harness.ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp, chainId: 'eip155:10' },
    })
  })

  it('keeps what the site requested on the removed chain, so it can be granted again later', async () => {
    const harness = await connected()
    withoutChain(harness, 'eip155:10')
    await harness.engine.dropUnavailableChains()
    expect(Object.keys(harness.ports.store.get(dapp)?.requestedScopes ?? {})).toContain('eip155:10')
  })

  it('ends a session left without any chain as if it were revoked', async () => {
    const harness = await connected()
    withoutChain(harness, 'eip155:1')
    withoutChain(harness, 'eip155:10')
    await harness.engine.dropUnavailableChains()
    expect(harness.ports.store.has(dapp)).toBe(false)
    expect(harness.sessionChanges().at(-1)).toEqual({})
    expect(harness.ports.nodeCalls).toContainEqual({
      kind: 'unsubscribeAll',
      match: { origin: dapp },
    })
  })

  it('leaves sessions whose chains are all still offered untouched and silent', async () => {
    const harness = await connected()
    await harness.call('wallet_createSession', request, otherDapp)
    const before = harness.ports.sent.length
    withoutChain(harness, 'eip155:31337')
    await harness.engine.dropUnavailableChains()
    expect(harness.ports.sent.length).toBe(before)
    expect(Object.keys(harness.ports.store.get(otherDapp)?.sessionScopes ?? {})).toEqual([
      'eip155:1',
      'eip155:10',
    ])
  })
})
