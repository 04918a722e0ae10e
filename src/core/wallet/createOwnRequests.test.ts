import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import {
  alice,
  bob,
  devnet,
  type SigningWorld,
  signingWorker,
  signingWorld,
} from '../eth/testing/signingWorld.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import { createOwnRequests, type OwnRequest, type OwnRequestStore } from './createOwnRequests.ts'
import { createSigner } from './createSigner.ts'
import { runOwnRequest } from './runOwnRequest.ts'
import { sendFromWallet, type WalletSendRequest } from './send/sendFromWallet.ts'
import { walletOrigin } from './walletOrigin.ts'

/** The owner's Send of 0.5 ETH from alice to bob on the devnet, as the send screen hands it over. */
const send: WalletSendRequest = {
  requestId: 'f4c1e0a2-5d0b-4d6e-9d7a-1f2b3c4d5e6f',
  draft: { chainId: devnet, from: alice, asset: 'native', to: bob, amount: '0.5' },
}

/** `storage.session`'s kept requests, in memory: the next worker of a test finds what the last left. */
function memoryOwnRequestStore(): OwnRequestStore & { kept: Map<string, OwnRequest> } {
  const kept = new Map<string, OwnRequest>()
  return {
    kept,
    list: async () => [...kept.values()].map((request) => structuredClone(request)),
    write: async (request) => {
      kept.set(request.requestKey, structuredClone(request))
    },
    remove: async (requestKey) => {
      kept.delete(requestKey)
    },
  }
}

/** The signing world's node, with alice's balance: what the send checks again before it asks. */
const withBalance =
  (world: SigningWorld): NodeCall =>
  async (method, params) =>
    method === 'eth_getBalance' ? { result: '0x1bc16d674ec80000' } : world.call(method, params)

/**
 * A worker of the wallet over `world` and `kept`: its confirmation queue and signer, the own
 * requests it carries, and the send's ports as the popup's handler builds them.
 */
function walletWorker(world: SigningWorld, kept: OwnRequestStore) {
  const worker = signingWorker(world)
  const { signer } = createSigner(worker.ports)
  const failures: unknown[] = []
  const sendPorts = {
    node: () => withBalance(world),
    signer,
    solanaSigner: {
      sign: async () => {
        throw new Error('no Solana send in these tests')
      },
    },
    release: (identity: Parameters<typeof worker.confirmations.release>[1]) =>
      worker.confirmations.release(walletOrigin, identity),
    ownAddresses: async (namespace: string) => (namespace === 'eip155' ? [alice] : []),
    hasNetwork: async (chainId: string) => chainId === devnet,
    carry: <Result>(request: OwnRequest, work: () => Promise<Result>) => own.carry(request, work),
  }
  const own = createOwnRequests({
    store: kept,
    confirmations: worker.confirmations,
    run: (request) =>
      runOwnRequest({ send: sendPorts, replace: { ...worker.ports, carry: own.carry } }, request),
    failed: (_request, error) => failures.push(error),
  })
  return { ...worker, own, sendPorts, failures }
}

/**
 * The owner's Send asked in a worker that stopped once its confirmation was stored, and the next
 * worker over the same world and kept requests (not resumed yet).
 */
async function sendShownThenStopped() {
  const world = signingWorld()
  const kept = memoryOwnRequestStore()
  void sendFromWallet(walletWorker(world, kept).sendPorts, send)
  await world.stored()
  return { world, kept, next: walletWorker(world, kept) }
}

/** Resolves once `condition` holds (what a later step of the world waits for). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setTimeout(resolve, 1))
}

describe('createOwnRequests', () => {
  it('runs again the send whose worker stopped while its confirmation was shown, and sends it once when the user approves in the next worker', async () => {
    const { world, kept, next } = await sendShownThenStopped()
    await next.own.resume()
    await next.answer(true)
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    expect(next.sent).toMatchObject([{ origin: walletOrigin, from: alice, to: bob }])
    expect(world.records.size).toBe(0)
    expect(next.failures).toEqual([])
  })

  it('sends once a send the user approved while no worker ran, when the next worker starts', async () => {
    const { world, kept, next } = await sendShownThenStopped()
    // The window's Approve is what starts the next worker: the answer is recorded first.
    await next.answer(true)
    await next.own.resume()
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    expect(world.records.size).toBe(0)
  })

  it('sends the transaction a stopped worker had signed as the same bytes, never signing a second one', async () => {
    const world = signingWorld()
    const kept = memoryOwnRequestStore()
    const stopped = walletWorker(world, kept)
    world.node.hangBroadcast = true
    void sendFromWallet(stopped.sendPorts, send)
    await stopped.answer(true)
    await until(() => world.broadcasts.length === 1)

    world.node.hangBroadcast = false
    const next = walletWorker(world, kept)
    await next.own.resume()
    await until(() => kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(2)
    expect(world.broadcasts[1]).toBe(world.broadcasts[0])
    expect(world.pool.size).toBe(1)
    expect(world.records.size).toBe(0)
  })

  it('sends nothing when the user rejects the send run again, and forgets it', async () => {
    const { world, kept, next } = await sendShownThenStopped()
    await next.own.resume()
    await next.answer(false)
    await until(() => kept.kept.size === 0)

    expect(world.broadcasts).toEqual([])
    expect(world.records.size).toBe(0)
    expect(next.failures).toMatchObject([{ code: 4001 }])
  })

  it('forgets a kept request whose confirmation is gone, without running it or opening a window', async () => {
    const world = signingWorld()
    const kept = memoryOwnRequestStore()
    const identity = requestIdentityOf(walletOrigin, send.requestId, 'aperture_send', send.draft)
    await kept.write({ ...identity, method: 'aperture_send', params: send })

    const next = walletWorker(world, kept)
    await next.own.resume()

    expect(kept.kept.size).toBe(0)
    expect(await next.confirmations.list()).toEqual([])
  })

  it('runs a request asked twice in one worker once: the second joins the first', async () => {
    const world = signingWorld()
    const kept = memoryOwnRequestStore()
    const worker = walletWorker(world, kept)
    const first = sendFromWallet(worker.sendPorts, send)
    const second = sendFromWallet(worker.sendPorts, send)
    await worker.answer(true)

    const [a, b] = await Promise.all([first, second])
    expect(b).toEqual(a)
    expect(world.broadcasts).toHaveLength(1)
    expect(worker.sent).toHaveLength(1)
  })

  it('refuses -32602 another send under the request id of one that runs', async () => {
    const world = signingWorld()
    const kept = memoryOwnRequestStore()
    const worker = walletWorker(world, kept)
    const first = sendFromWallet(worker.sendPorts, send)
    await expect(
      sendFromWallet(worker.sendPorts, { ...send, draft: { ...send.draft, amount: '1' } }),
    ).rejects.toMatchObject({ code: -32602 })
    await worker.answer(true)
    await first
    expect(world.broadcasts).toHaveLength(1)
  })
})
