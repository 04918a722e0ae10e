import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { type ConfirmationRecord, createConfirmations } from './createConfirmations.ts'
import { addNetworkKind, createNetworkAdder } from './createNetworkAdder.ts'
import { memoryConfirmationStore } from './testing/memoryConfirmationStore.ts'
import type { CustomNetwork } from './validateNetwork.ts'

const dapp = 'https://app.example'
const draft: CustomNetwork = {
  chainId: 'eip155:1337',
  name: 'Dev chain',
  rpcUrl: 'http://127.0.0.1:9545',
  wsUrl: 'ws://127.0.0.1:9545',
}

function setUp(options: { endpointProblem?: string; custom?: CustomNetwork[] } = {}) {
  const confirmations = createConfirmations({
    store: memoryConfirmationStore(),
    windows: { open: async () => 7, focus: async () => undefined, exists: async () => true },
    newId: () => crypto.randomUUID(),
    now: () => 1_000,
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
  /** The user's answer to the pending confirmation, once it is there. */
  const answer = async (approved: boolean): Promise<ConfirmationRecord> => {
    for (;;) {
      const [first] = await confirmations.pending()
      if (first) {
        await confirmations.resolve(first.id, approved)
        return first
      }
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  return { adder, saved, checked, answer }
}

/** Page request 4 of connection `tab-1`, `wallet_addEthereumChain` of `draft`. */
const add = {
  origin: dapp,
  ...requestIdentityOf('tab-1', 4, 'wallet_addEthereumChain', [draft]),
  draft,
}
/** Another chain, whose endpoint a hostile page would like saved in place of `draft`. */
const evil: CustomNetwork = {
  chainId: 'eip155:4242',
  name: 'Dev chain',
  rpcUrl: 'https://rpc.evil.example',
  wsUrl: 'wss://rpc.evil.example',
}

describe('createNetworkAdder', () => {
  it('asks in the confirmation window and, approved, saves the network and answers null', async () => {
    const { adder, saved, checked, answer } = setUp()
    const adding = adder.addNetwork(add)
    const shown = await answer(true)
    expect(shown).toMatchObject({ origin: dapp, chainId: 'eip155:1337', kind: addNetworkKind })
    expect(shown.view).toEqual(draft)
    await expect(adding).resolves.toBeNull()
    expect(saved).toEqual([draft])
    expect(checked).toEqual([draft])
  })

  it('answers 4001 when the user rejects, and saves nothing', async () => {
    const { adder, saved, answer } = setUp()
    const adding = adder.addNetwork(add)
    await answer(false)
    await expect(adding).rejects.toMatchObject({ code: 4001 })
    expect(saved).toEqual([])
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

  it("refuses an endpoint that fails the live eth_chainId check, with the check's message", async () => {
    const { adder, saved } = setUp({ endpointProblem: 'The endpoint serves eip155:31337.' })
    await expect(adder.addNetwork(add)).rejects.toMatchObject({
      code: -32602,
      data: {
        problems: [{ path: 'params[0].rpcUrls', message: 'The endpoint serves eip155:31337.' }],
      },
    })
    expect(saved).toEqual([])
  })

  it('refuses -32602 another network re-sent under the key of a pending one, without checking it; approved, the network shown is saved', async () => {
    const { adder, saved, checked, answer } = setUp()
    const adding = adder.addNetwork(add)
    const swapped = {
      ...add,
      ...requestIdentityOf('tab-1', 4, 'wallet_addEthereumChain', [evil]),
      draft: evil,
    }
    while (checked.length === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    await expect(adder.addNetwork(swapped)).rejects.toMatchObject({ code: -32602 })
    await answer(true)
    await expect(adding).resolves.toBeNull()
    expect(saved).toEqual([draft])
    expect(checked).toEqual([draft])
  })

  it('saves the network the window showed, never the one a re-sent copy carries', async () => {
    const { adder, saved, answer } = setUp()
    const adding = adder.addNetwork(add)
    const resent = adder.addNetwork({ ...add, draft: evil })
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
