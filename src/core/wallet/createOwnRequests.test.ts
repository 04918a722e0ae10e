import { decodeFunctionData, erc20Abi, type Hex, parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { ReplacementKind, SentTransaction } from '../eth/signing/ports.ts'
import { replaceTransaction } from '../eth/signing/replaceTransaction.ts'
import { alice, bob, devnet, signingWorker, signingWorld } from '../eth/testing/signingWorld.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { SentSolanaTransaction } from '../solana/signing/ports.ts'
import { key, localSolana, solanaSigningWorld } from '../solana/testing/signingWorld.ts'
import type { RevokeApprovalRequest } from './approvals/revokeApproval.ts'
import { revokeApproval } from './approvals/revokeApproval.ts'
import { approvalsChain } from './approvals/testing/approvalsChain.ts'
import { createOwnRequests, type OwnRequest, type OwnRequestStore } from './createOwnRequests.ts'
import { createSigner } from './createSigner.ts'
import { createSolanaSigner } from './createSolanaSigner.ts'
import { runOwnRequest } from './runOwnRequest.ts'
import { sendFromWallet, sendIdentityOf, type WalletSendRequest } from './send/sendFromWallet.ts'
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

/** An ERC-20 allowance alice gave bob, on a token of the approvals' chain. */
const token = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const revoke: RevokeApprovalRequest = {
  requestId: '0b6f3c1e-8a2d-4f7e-b1c9-2d3e4f5a6b7c',
  chainId: devnet,
  owner: alice,
  approval: { kind: 'erc20', contract: token, spender: bob },
}

/** alice's send the node holds pending, as the wallet logged it: what a cancel replaces. */
const pending: SentTransaction = {
  hash: `0x${'ab'.repeat(32)}`,
  origin: walletOrigin,
  chainId: devnet,
  from: alice,
  to: bob,
  value: '0x1',
  maxFeeWei: '0',
  at: 1_700_000_000_000,
  nonce: '0x0',
}

/** The owner's Send of 1.5 SOL to a new address on the local Solana network. */
const solanaSend: WalletSendRequest = {
  requestId: '7d2e9f40-1c3b-4a5d-8e6f-0a1b2c3d4e5f',
  draft: {
    chainId: localSolana,
    from: key.address,
    asset: 'native',
    to: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    amount: '1.5',
  },
}

/** The Solana node's reads a send checks and builds with: 2 SOL, a blockhash, its fee. */
const solanaReads: NodeCall = async (method) => {
  switch (method) {
    case 'getBalance':
      return { result: { context: { slot: 1 }, value: 2_000_000_000 } }
    case 'getLatestBlockhash':
      return {
        result: {
          context: { slot: 1 },
          value: {
            blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
            lastValidBlockHeight: 150,
          },
        },
      }
    case 'getFeeForMessage':
      return { result: { context: { slot: 1 }, value: 5000 } }
    case 'getMinimumBalanceForRentExemption':
      return { result: 890_880 }
    case 'getAccountInfo':
      return { result: { context: { slot: 1 }, value: null } }
    default:
      return { error: { code: -32601, message: `no ${method} here` } }
  }
}

/**
 * What outlives a worker in these tests: the EVM signing world, whose node also holds alice's
 * balance, `revoke`'s allowance (the approvals' chain) and `pending`; a Solana node; the
 * transactions log (`storage.local`, `pending` in it), where a cancel finds what it replaces.
 */
function walletWorld() {
  const world = signingWorld()
  const solana = solanaSigningWorld()
  solana.node.reads = solanaReads
  const chain = approvalsChain()
  chain.allowances.set(`${token}:${bob}`.toLowerCase(), 5n)
  const logged: SentTransaction[] = [pending]
  const evm: NodeCall = async (method, params) => {
    if (method === 'eth_getBalance') return { result: '0x1bc16d674ec80000' }
    if (method === 'eth_getBlockByNumber') return chain.call(method, params)
    if (method === 'eth_call' && (params[0] as { to?: string }).to === token) {
      return chain.call(method, params)
    }
    if (method === 'eth_getTransactionByHash' && params[0] === pending.hash) {
      return {
        result: {
          hash: pending.hash,
          from: alice,
          to: bob,
          value: pending.value,
          input: '0x',
          gas: '0x5208',
          nonce: '0x0',
          blockNumber: null,
          maxFeePerGas: '0x77359400',
          maxPriorityFeePerGas: '0x3b9aca00',
        },
      }
    }
    return world.call(method, params)
  }
  return Object.assign(world, { solana, chain, logged, evm })
}

type WalletWorld = ReturnType<typeof walletWorld>

/**
 * A worker of the wallet over `world` and `kept`: its confirmation queue, EVM and Solana signers,
 * the own requests it carries, the send's ports as the popup's handler builds them, and its
 * replacements (`replace`, as Activity's Speed up and Cancel start them).
 */
function walletWorker(world: WalletWorld, kept: OwnRequestStore) {
  const worker = signingWorker(world)
  const ports = { ...worker.ports, node: () => world.evm, log: { read: async () => world.logged } }
  const { signer } = createSigner(ports)
  const solanaSent: SentSolanaTransaction[] = []
  const { signer: solanaSigner } = createSolanaSigner({
    confirmations: worker.confirmations,
    node: () => world.solana.call,
    key: async () => key,
    sent: (transaction) => solanaSent.push(transaction),
    now: () => 1_700_000_000_000,
  })
  const failures: unknown[] = []
  const sendPorts = {
    node: (chainId: string) => (chainId === localSolana ? world.solana.call : world.evm),
    signer,
    solanaSigner,
    release: (identity: Parameters<typeof worker.confirmations.release>[1]) =>
      worker.confirmations.release(walletOrigin, identity),
    ownAddresses: async (namespace: string) => (namespace === 'eip155' ? [alice] : [key.address]),
    hasNetwork: async (chainId: string) => chainId === devnet || chainId === localSolana,
    carry: <Result>(request: OwnRequest, work: () => Promise<Result>) => own.carry(request, work),
  }
  const replacePorts = {
    ...ports,
    carry: <Result>(request: OwnRequest, work: () => Promise<Result>) => own.carry(request, work),
  }
  const own = createOwnRequests({
    store: kept,
    confirmations: worker.confirmations,
    run: (request) => runOwnRequest({ send: sendPorts, replace: replacePorts }, request),
    failed: (_request, error) => failures.push(error),
  })
  const replace = (parameters: { hash: Hex; kind: ReplacementKind }) =>
    replaceTransaction(replacePorts, parameters)
  return { ...worker, own, sendPorts, replace, solanaSent, failures }
}

/** One of the wallet's own requests, asked in `worker` (the send screen's, Activity's, …). */
type Ask = (worker: ReturnType<typeof walletWorker>) => Promise<unknown>

const askSend: Ask = (worker) => sendFromWallet(worker.sendPorts, send)

/**
 * `ask` (by default the owner's Send) asked in a worker that stopped once its confirmation was
 * stored, and the next worker over the same world and kept requests (not resumed yet).
 */
async function shownThenStopped(ask: Ask = askSend) {
  const world = walletWorld()
  const kept = memoryOwnRequestStore()
  void ask(walletWorker(world, kept))
  await world.stored()
  return { world, kept, next: walletWorker(world, kept) }
}

/** Resolves once `condition` holds (what a later step of the world waits for). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => setTimeout(resolve, 1))
}

describe('createOwnRequests', () => {
  it('runs again the send whose worker stopped while its confirmation was shown, and sends it once when the user approves in the next worker', async () => {
    const { world, kept, next } = await shownThenStopped()
    await next.own.resume()
    await next.answer(true)
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    expect(next.sent).toMatchObject([{ origin: walletOrigin, from: alice, to: bob }])
    expect(world.records.size).toBe(0)
    expect(next.failures).toEqual([])
  })

  it('runs again the revoke whose worker stopped while its confirmation was shown, and sends approve(spender, 0) once', async () => {
    const { world, kept, next } = await shownThenStopped((worker) =>
      revokeApproval(worker.sendPorts, revoke),
    )
    await next.own.resume()
    await next.answer(true)
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    const [revoked] = next.sent
    expect(revoked).toMatchObject({ origin: walletOrigin, from: alice, to: token })
    const data = parseTransaction(world.broadcasts[0] as Hex).data ?? '0x'
    expect(decodeFunctionData({ abi: erc20Abi, data })).toEqual({
      functionName: 'approve',
      args: [bob, 0n],
    })
    expect(world.records.size).toBe(0)
    expect(next.failures).toEqual([])
  })

  it('runs again the cancel whose worker stopped while its confirmation was shown, and sends the 0-value send to self at the nonce once', async () => {
    const { world, kept, next } = await shownThenStopped(
      async (worker) => (await worker.replace({ hash: pending.hash, kind: 'cancel' })).answer,
    )
    await next.own.resume()
    await next.answer(true)
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    const cancel = parseTransaction(world.broadcasts[0] as Hex)
    expect(cancel).toMatchObject({ to: alice.toLowerCase(), nonce: 0 })
    expect(cancel.value ?? 0n).toBe(0n)
    expect(next.sent).toMatchObject([{ replaces: { hash: pending.hash, kind: 'cancel' } }])
    expect(world.records.size).toBe(0)
    expect(next.failures).toEqual([])
  })

  it('runs again the Solana send whose worker stopped while its confirmation was shown, and sends it to the node once', async () => {
    const { world, kept, next } = await shownThenStopped((worker) =>
      sendFromWallet(worker.sendPorts, solanaSend),
    )
    await next.own.resume()
    await next.answer(true)
    await until(() => next.solanaSent.length > 0 && kept.kept.size === 0)

    expect(world.solana.sends).toHaveLength(1)
    expect(world.solana.ledger.size).toBe(1)
    expect(next.solanaSent).toMatchObject([{ origin: walletOrigin, from: key.address }])
    expect(world.records.size).toBe(0)
    expect(next.failures).toEqual([])
  })

  it('sends once a send the user approved while no worker ran, when the next worker starts', async () => {
    const { world, kept, next } = await shownThenStopped()
    // The window's Approve is what starts the next worker: the answer is recorded first.
    await next.answer(true)
    await next.own.resume()
    await until(() => next.sent.length > 0 && kept.kept.size === 0)

    expect(world.broadcasts).toHaveLength(1)
    expect(world.records.size).toBe(0)
  })

  it('sends the transaction a stopped worker had signed as the same bytes, never signing a second one', async () => {
    const world = walletWorld()
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
    const { world, kept, next } = await shownThenStopped()
    await next.own.resume()
    await next.answer(false)
    await until(() => kept.kept.size === 0)

    expect(world.broadcasts).toEqual([])
    expect(world.records.size).toBe(0)
    expect(next.failures).toMatchObject([{ code: 4001 }])
  })

  it('withdraws the shown confirmation of a revoke that fails its checks when run again (the approval is gone): the window no longer shows it', async () => {
    const { world, kept, next } = await shownThenStopped((worker) =>
      revokeApproval(worker.sendPorts, revoke),
    )
    world.chain.allowances.clear()
    await next.own.resume()
    await until(() => kept.kept.size === 0 && next.failures.length > 0)

    expect(next.failures).toMatchObject([{ code: 'invalid_fields' }])
    expect(await next.confirmations.pending()).toEqual([])
    expect(world.records.size).toBe(0)
    expect(world.broadcasts).toEqual([])
  })

  it('withdraws the approved record of a revoke that fails its checks when the next worker runs it again, sending nothing', async () => {
    const { world, kept, next } = await shownThenStopped((worker) =>
      revokeApproval(worker.sendPorts, revoke),
    )
    world.chain.allowances.clear()
    await next.answer(true)
    await next.own.resume()
    await until(() => kept.kept.size === 0 && next.failures.length > 0)

    expect(world.records.size).toBe(0)
    expect(world.broadcasts).toEqual([])
  })

  it('forgets a kept request whose confirmation is gone, without running it or opening a window', async () => {
    const world = walletWorld()
    const kept = memoryOwnRequestStore()
    const identity = requestIdentityOf(walletOrigin, send.requestId, 'aperture_send', send.draft)
    await kept.write({ ...identity, method: 'aperture_send', params: send })

    const next = walletWorker(world, kept)
    await next.own.resume()

    expect(kept.kept.size).toBe(0)
    expect(await next.confirmations.list()).toEqual([])
  })

  it('runs a request asked twice in one worker once: the second joins the first', async () => {
    const world = walletWorld()
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

  it("says what it holds of a send whose popup lost the answer: a stopped worker's kept send with its confirmation shown is waiting; a send it never received is unknown", async () => {
    const { next } = await shownThenStopped()

    expect(await next.own.status(sendIdentityOf(send))).toBe('waiting')
    const never = { ...send, requestId: '5a9d2c7e-0b1f-4e3a-8c6d-7f8e9a0b1c2d' }
    expect(await next.own.status(sendIdentityOf(never))).toBe('unknown')
  })

  it.each([
    [true, 'approved'],
    [false, 'rejected'],
  ] as const)(
    'says a kept send answered while no worker ran is %s → %s',
    async (approved, status) => {
      const { next } = await shownThenStopped()
      await next.answer(approved)

      expect(await next.own.status(sendIdentityOf(send))).toBe(status)
    },
  )

  it('says a send this worker runs is running, before and while its confirmation is shown', async () => {
    const world = walletWorld()
    const worker = walletWorker(world, memoryOwnRequestStore())
    const sending = sendFromWallet(worker.sendPorts, send)

    expect(await worker.own.status(sendIdentityOf(send))).toBe('running')
    await world.stored()
    expect(await worker.own.status(sendIdentityOf(send))).toBe('running')
    await worker.answer(true)
    await sending
  })

  it('says a kept send whose window never opened (its worker stopped first) is unknown: it will not be run', async () => {
    const world = walletWorld()
    const kept = memoryOwnRequestStore()
    await kept.write({ ...sendIdentityOf(send), method: 'aperture_send', params: send })

    const next = walletWorker(world, kept)
    expect(await next.own.status(sendIdentityOf(send))).toBe('unknown')
  })

  it('refuses -32602 the status of another send under the request id of a kept one', async () => {
    const { next } = await shownThenStopped()
    const other = { ...send, draft: { ...send.draft, amount: '1' } }

    await expect(next.own.status(sendIdentityOf(other))).rejects.toMatchObject({ code: -32602 })
  })

  it('refuses -32602 another send under the request id of one that runs', async () => {
    const world = walletWorld()
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
