import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { type AddNetworkView, addNetworkKind } from './addNetworkView.ts'
import { type ConfirmationRecord, createConfirmations } from './createConfirmations.ts'
import { createNetworkAdder } from './createNetworkAdder.ts'
import { memoryConfirmationStore } from './testing/memoryConfirmationStore.ts'
import type { CustomNetwork } from './validateNetwork.ts'
import { confirmationWarnings } from './warnings/confirmationWarnings.ts'

const dapp = 'https://app.example'
const draft: CustomNetwork = {
  chainId: 'eip155:1337',
  name: 'Dev chain',
  rpcUrl: 'https://rpc.devchain.example',
  wsUrl: 'wss://rpc.devchain.example',
}
/** The same chain proposed on the user's own machine. */
const loopback: CustomNetwork = {
  ...draft,
  rpcUrl: 'http://127.0.0.1:9545',
  wsUrl: 'ws://127.0.0.1:9545',
}

function setUp(options: { endpointProblem?: string; custom?: CustomNetwork[] } = {}) {
  const confirmations = createConfirmations({
    store: memoryConfirmationStore(),
    windows: { open: async () => 7, focus: async () => undefined, exists: async () => true },
    newId: () => crypto.randomUUID(),
    claimMs: 60_000,
    now: () => 1_000,
    warnings: confirmationWarnings,
  })
  const saved: CustomNetwork[] = [...(options.custom ?? [])]
  const checked: CustomNetwork[] = []
  const adder = createNetworkAdder({
    confirmations,
    customNetworks: async () => saved,
    saveCustomNetwork: async (network) => {
      saved.push(network)
    },
    checkEndpoint: async (network) => {
      checked.push(network)
      return options.endpointProblem
    },
  })
  /** The pending confirmation, once it is there. */
  const shown = async (): Promise<ConfirmationRecord> => {
    for (;;) {
      const [first] = await confirmations.pending()
      if (first) return first
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  /** The user's answer to the pending confirmation. */
  const answer = async (approved: boolean): Promise<ConfirmationRecord> => {
    const record = await shown()
    await confirmations.resolve(record.id, approved)
    return record
  }
  return { adder, saved, checked, shown, answer }
}

/** Page request 4 of connection `tab-1`, `wallet_addEthereumChain` of `network`. */
const addOf = (network: CustomNetwork) => ({
  origin: dapp,
  ...requestIdentityOf('tab-1', 4, 'wallet_addEthereumChain', [network]),
  draft: network,
})
const add = addOf(draft)
/** Another chain, whose endpoint a hostile page would like saved in place of `draft`. */
const evil: CustomNetwork = {
  chainId: 'eip155:4242',
  name: 'Dev chain',
  rpcUrl: 'https://rpc.evil.example',
  wsUrl: 'wss://rpc.evil.example',
}

describe('createNetworkAdder', () => {
  it('shows the network unchecked, checks it when the user asks, and, approved, saves it and answers null', async () => {
    const { adder, saved, checked, shown, answer } = setUp()
    const adding = adder.addNetwork(add)
    const record = await shown()
    expect(record).toMatchObject({ origin: dapp, chainId: 'eip155:1337', kind: addNetworkKind })
    expect(record.view).toEqual({ network: draft, localHosts: [] } satisfies AddNetworkView)
    expect(checked).toEqual([])
    await expect(adder.check(record.id, { allowLocal: false })).resolves.toEqual({
      rpcUrl: draft.rpcUrl,
      passed: true,
      message: 'This endpoint serves eip155:1337.',
    })
    expect(checked).toEqual([draft])
    await answer(true)
    await expect(adding).resolves.toBeNull()
    expect(saved).toEqual([draft])
  })

  it('contacts nothing before the user acts, and answers 4001 when the user rejects', async () => {
    const { adder, saved, checked, answer } = setUp()
    const adding = adder.addNetwork(add)
    await answer(false)
    await expect(adding).rejects.toMatchObject({ code: 4001 })
    expect(checked).toEqual([])
    expect(saved).toEqual([])
  })

  it('answers the same 4001 after a failed check, the failure shown only in the window', async () => {
    const { adder, saved, shown, answer } = setUp({
      endpointProblem: 'This endpoint serves eip155:31337, not eip155:1337.',
    })
    const adding = adder.addNetwork(add)
    const record = await shown()
    await expect(adder.check(record.id, { allowLocal: false })).resolves.toMatchObject({
      passed: false,
      message: 'This endpoint serves eip155:31337, not eip155:1337.',
    })
    // Even approved (a window that let it through): never added without a passing check.
    await answer(true)
    const refused = await adding.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(JSON.stringify(refused)).not.toContain('31337')
    expect(saved).toEqual([])
  })

  it('answers 4001 to an approval the user gave without checking', async () => {
    const { adder, saved, checked, answer } = setUp()
    const adding = adder.addNetwork(add)
    await answer(true)
    await expect(adding).rejects.toMatchObject({ code: 4001 })
    expect(checked).toEqual([])
    expect(saved).toEqual([])
  })

  it('names a loopback endpoint as local, and contacts it only once the user allows it', async () => {
    const { adder, saved, checked, shown, answer } = setUp()
    const adding = adder.addNetwork(addOf(loopback))
    const record = await shown()
    expect(record.view).toEqual({ network: loopback, localHosts: ['127.0.0.1'] })
    await expect(adder.check(record.id, { allowLocal: false })).rejects.toThrow(
      'Allow the wallet to contact 127.0.0.1 first.',
    )
    expect(checked).toEqual([])
    await expect(adder.check(record.id, { allowLocal: true })).resolves.toMatchObject({
      passed: true,
    })
    expect(checked).toEqual([loopback])
    await answer(true)
    await expect(adding).resolves.toBeNull()
    expect(saved).toEqual([loopback])
  })

  it('checks only a pending add_network request', async () => {
    const { adder, shown, answer } = setUp()
    const adding = adder.addNetwork(add).catch((error: unknown) => error)
    const record = await shown()
    await expect(adder.check('no-such-request', { allowLocal: true })).rejects.toThrow(
      'already answered',
    )
    await answer(false)
    await adding
    await expect(adder.check(record.id, { allowLocal: true })).rejects.toThrow('already answered')
  })

  it("refuses with the settings form's rules, at EIP-3085 paths, before asking", async () => {
    const { adder } = setUp()
    await expect(
      adder.addNetwork({ ...add, draft: { ...draft, name: 'x'.repeat(41), wsUrl: 'http://x' } }),
    ).rejects.toMatchObject({
      code: -32602,
      data: {
        problems: [
          { path: 'params[0].chainName', message: 'At most 40 characters.' },
          { path: 'params[0].rpcUrls', message: 'Enter a ws:// or wss:// URL.' },
        ],
      },
    })
  })

  it('refuses -32602 another network re-sent under the key of a pending one; approved, the network shown is saved', async () => {
    const { adder, saved, checked, shown, answer } = setUp()
    const adding = adder.addNetwork(add)
    const record = await shown()
    const swapped = {
      ...add,
      ...requestIdentityOf('tab-1', 4, 'wallet_addEthereumChain', [evil]),
      draft: evil,
    }
    await expect(adder.addNetwork(swapped)).rejects.toMatchObject({ code: -32602 })
    await adder.check(record.id, { allowLocal: false })
    await answer(true)
    await expect(adding).resolves.toBeNull()
    expect(saved).toEqual([draft])
    expect(checked).toEqual([draft])
  })

  it('saves the network the window showed, never the one a re-sent copy carries', async () => {
    const { adder, saved, shown, answer } = setUp()
    const adding = adder.addNetwork(add)
    const resent = adder.addNetwork({ ...add, draft: evil })
    await adder.check((await shown()).id, { allowLocal: false })
    await answer(true)
    await Promise.all([adding, resent])
    expect(saved).toEqual([draft, draft])
  })

  it('answers null at once for a chain the wallet already has', async () => {
    const { adder, checked } = setUp({ custom: [draft] })
    await expect(adder.addNetwork(add)).resolves.toBeNull()
    await expect(
      adder.addNetwork({ ...add, draft: { ...draft, chainId: 'eip155:1' } }),
    ).resolves.toBeNull()
    expect(checked).toEqual([])
  })
})
