import {
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import { toViemTypedData } from '../eth/parseTypedDataParams.ts'
import type { SigningRequest } from '../eth/signer.ts'
import { permitTypedData } from '../eth/testing/permitTypedData.ts'
import { requestIdentityOf } from '../protocol/requestIdentity.ts'
import type { Json, NodeAnswer } from '../rpc/types.ts'
import {
  type ConfirmationRecord,
  type ConfirmationWindows,
  createConfirmations,
} from './createConfirmations.ts'
import { type CallsBatch, createSigner, type SentTransaction } from './createSigner.ts'
import { memoryConfirmationStore } from './testing/memoryConfirmationStore.ts'

const account = mnemonicToAccount('test test test test test test test test test test test junk')
const alice = account.address
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const dapp = 'http://127.0.0.1:5173'
const devnet = 'eip155:31337'

/** What outlives a worker: session storage, windows, batches, and the node's pool. */
function world() {
  const store = memoryConfirmationStore()
  const { records } = store
  const windows: ConfirmationWindows = {
    open: async () => 7,
    focus: async () => undefined,
    exists: async (id) => id === 7,
  }
  const batches = new Map<string, CallsBatch>()
  /** Raw transactions the node accepted, by hash. */
  const pool = new Map<string, string>()
  const broadcasts: string[] = []
  let nonce = 0n
  /** Set to make the next eth_sendRawTransaction hang, as a worker stopped mid-broadcast would. */
  const node = { hangBroadcast: false }
  const call: NodeCall = async (method, params): Promise<NodeAnswer> => {
    switch (method) {
      case 'eth_getTransactionCount':
        return { result: `0x${nonce.toString(16)}` }
      case 'eth_feeHistory':
        return {
          result: {
            baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'],
            oldestBlock: '0x1',
            reward: [],
            gasUsedRatio: [0],
          },
        }
      case 'eth_maxPriorityFeePerGas':
        return { result: '0x3b9aca00' }
      case 'eth_estimateGas':
        return { result: '0x5208' }
      case 'eth_getCode':
        return { result: '0x' }
      case 'eth_simulateV1':
        return {
          result: [
            {
              calls: (
                params[0] as { blockStateCalls: [{ calls: Json[] }] }
              ).blockStateCalls[0].calls.map(() => ({
                status: '0x1',
                logs: [],
                returnData: '0x',
                gasUsed: '0x5208',
              })),
            },
          ],
        }
      case 'eth_sendRawTransaction': {
        const raw = params[0] as `0x${string}`
        broadcasts.push(raw)
        if (node.hangBroadcast) return new Promise(() => undefined)
        const hash = keccak256(raw)
        if (pool.has(hash)) return { error: { code: -32000, message: 'already known' } }
        pool.set(hash, raw)
        nonce += 1n
        return { result: hash }
      }
      case 'eth_getTransactionByHash':
        return { result: pool.has(params[0] as string) ? { hash: params[0] as string } : null }
      case 'eth_getTransactionReceipt':
        return {
          result: pool.has(params[0] as string)
            ? {
                status: '0x1',
                logs: [],
                blockHash: '0x01',
                blockNumber: '0x1',
                gasUsed: '0x5208',
                transactionHash: params[0] as string,
              }
            : null,
        }
      default:
        throw new Error(`unexpected ${method}`)
    }
  }
  return { store, windows, batches, pool, broadcasts, call, node, records }
}

/** A worker over the world: its confirmations and signer. */
function worker(shared: ReturnType<typeof world>) {
  const confirmations = createConfirmations({
    store: shared.store,
    windows: shared.windows,
    newId: () => crypto.randomUUID(),
    claimMs: 60_000,
    now: () => Date.now(),
  })
  const sent: SentTransaction[] = []
  const service = createSigner({
    confirmations,
    node: () => shared.call,
    account: async () => account,
    batches: {
      read: async (id) => shared.batches.get(id),
      write: async (batch) => {
        shared.batches.set(batch.id, batch)
      },
    },
    sent: (transaction) => sent.push(transaction),
    newBatchId: () => '0xb47c',
    now: () => 1_700_000_000_000,
  })
  /** The oldest pending confirmation, once it is there. */
  const shown = async (): Promise<ConfirmationRecord> => {
    for (;;) {
      const [first] = await confirmations.pending()
      if (first) return first
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  /** Answers the oldest pending confirmation once it is there. */
  const answer = async (approved: boolean): Promise<ConfirmationRecord> => {
    const first = await shown()
    await confirmations.resolve(first.id, approved)
    return first
  }
  return { confirmations, ...service, sent, shown, answer }
}

/** Page request 7 of connection `tab-1`: a `personal_sign` of "hello". */
const hello = requestIdentityOf('tab-1', 7, 'wallet_invokeMethod', {
  scope: devnet,
  request: { method: 'personal_sign', params: ['0x68656c6c6f', alice] },
})
const base = { origin: dapp, chainId: devnet, ...hello } as const

/** An unlimited USDC allowance: what a hostile page would like signed in place of "hello". */
const permit = permitTypedData({
  owner: alice,
  spender: bob,
  chainId: 31337,
  verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
})
/** The same page request 7, re-sent asking for the permit. */
const swapped = requestIdentityOf('tab-1', 7, 'wallet_invokeMethod', {
  scope: devnet,
  request: { method: 'eth_signTypedData_v4', params: [alice, JSON.stringify(permit)] },
})

describe('createSigner', () => {
  it('signs an approved personal_sign with the account, verifiable by viem', async () => {
    const { signer, answer } = worker(world())
    const signing = signer.sign({
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    const shown = await answer(true)
    expect(shown.view).toEqual({
      address: alice,
      message: { kind: 'text', text: 'hello' },
      raw: '0x68656c6c6f',
    })
    const answered = await signing
    expect(
      'result' in answered &&
        (await verifyMessage({
          address: alice,
          message: 'hello',
          signature: answered.result as `0x${string}`,
        })),
    ).toBe(true)
  })

  it('rejects with 4001 when the user rejects', async () => {
    const { signer, answer } = worker(world())
    const signing = signer.sign({
      ...base,
      method: 'personal_sign',
      params: { message: '0x00', address: alice },
    })
    await answer(false)
    await expect(signing).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it('signs typed data, verifiable by viem', async () => {
    const { signer, answer } = worker(world())
    const typedData = {
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 31337 },
      message: { text: 'hello' },
    }
    const signing = signer.sign({
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData },
    })
    await answer(true)
    const answered = await signing
    const signature = ('result' in answered ? answered.result : '') as `0x${string}`
    expect(
      await verifyTypedData({ address: alice, ...toViemTypedData(typedData), signature }),
    ).toBe(true)
  })

  it('refuses -32602 typed data re-sent under the key of a pending personal_sign, and signs the message shown on approval', async () => {
    const shared = world()
    const first = worker(shared)
    const request: SigningRequest = {
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    }
    first.signer.sign(request)
    await first.shown()
    const second = worker(shared)
    await expect(
      second.signer.sign({
        ...base,
        ...swapped,
        method: 'eth_signTypedData_v4',
        params: { address: alice, typedData: permit },
      }),
    ).rejects.toMatchObject({ code: -32602 })
    const resent = second.signer.sign(request)
    const shown = await second.answer(true)
    expect(shown.kind).toBe('personal_sign')
    const answered = await resent
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyMessage({ address: alice, message: 'hello', signature })).toBe(true)
  })

  it('refuses -32602 typed data re-sent under the key of a personal_sign approved while no request waited', async () => {
    const shared = world()
    const first = worker(shared)
    first.signer.sign({
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    // The user approves after a restart, before anything was re-sent.
    await worker(shared).answer(true)
    await expect(
      worker(shared).signer.sign({
        ...base,
        ...swapped,
        method: 'eth_signTypedData_v4',
        params: { address: alice, typedData: permit },
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('signs the message the window showed, never the params a re-sent copy carries', async () => {
    const shared = world()
    const first = worker(shared)
    first.signer.sign({
      ...base,
      method: 'personal_sign',
      params: { message: '0x68656c6c6f', address: alice },
    })
    const second = worker(shared)
    await second.answer(true)
    // A copy that passed for the same request (same key and digest) but carries other bytes.
    const answered = await second.signer.sign({
      ...base,
      method: 'personal_sign',
      params: { message: '0x676f6f64627965', address: alice },
    })
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyMessage({ address: alice, message: 'hello', signature })).toBe(true)
  })

  it('signs the typed data the window showed, never the typed data a re-sent copy carries', async () => {
    const shared = world()
    const greeting = {
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      domain: { name: 'Example', chainId: 31337 },
      message: { text: 'hello' },
    }
    worker(shared).signer.sign({
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData: greeting },
    })
    const second = worker(shared)
    await second.answer(true)
    const answered = await second.signer.sign({
      ...base,
      method: 'eth_signTypedData_v4',
      params: { address: alice, typedData: permit },
    })
    const signature = ('result' in answered ? answered.result : '0x') as `0x${string}`
    expect(await verifyTypedData({ address: alice, ...toViemTypedData(greeting), signature })).toBe(
      true,
    )
  })

  it('signs the transaction shown, keeps it, then broadcasts it and answers its hash', async () => {
    const shared = world()
    const { signer, answer, sent } = worker(shared)
    const request: SigningRequest = {
      ...base,
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0xde0b6b3a7640000', data: '0x' },
    }
    const sending = signer.sign(request)
    const shown = await answer(true)
    const answered = await sending
    const [raw] = shared.broadcasts
    expect(answered).toEqual({ result: keccak256(raw as `0x${string}`) })
    const signed = parseTransaction(raw as `0x${string}`)
    const { transaction } = shown.view as {
      transaction: { nonce: string; gas: string; maxFeePerGas: string }
    }
    expect(signed).toMatchObject({
      to: bob.toLowerCase(),
      value: 10n ** 18n,
      chainId: 31337,
      nonce: Number(transaction.nonce),
      gas: BigInt(transaction.gas),
      maxFeePerGas: BigInt(transaction.maxFeePerGas),
    })
    expect(await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` })).toBe(
      alice,
    )
    expect([...shared.records.values()][0]?.progress).toEqual({
      raw,
      hash: keccak256(raw as `0x${string}`),
    })
    expect(sent).toMatchObject([{ hash: keccak256(raw as `0x${string}`), origin: dapp, to: bob }])
  })

  it('a worker stopped between signing and broadcast: the next one re-broadcasts the same bytes, and the re-sent request gets the same hash', async () => {
    const shared = world()
    const first = worker(shared)
    const request: SigningRequest = {
      ...base,
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0x1', data: '0x' },
    }
    shared.node.hangBroadcast = true
    first.signer.sign(request)
    await first.answer(true)
    while (shared.broadcasts.length === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    shared.node.hangBroadcast = false

    const second = worker(shared)
    await second.resumeBroadcasts()
    const resent = await second.signer.sign(request)
    const [raw] = shared.broadcasts
    expect(new Set(shared.broadcasts)).toEqual(new Set([raw]))
    expect(resent).toEqual({ result: keccak256(raw as `0x${string}`) })
    expect(shared.pool.size).toBe(1)
  })

  it('sends a batch as sequential transactions with consecutive nonces, and reports their receipts', async () => {
    const shared = world()
    const { signer, answer } = worker(shared)
    const sending = signer.sign({
      ...base,
      method: 'wallet_sendCalls',
      params: {
        from: alice,
        atomicRequired: false,
        requiredCapabilities: [],
        calls: [1, 2, 3].map((value) => ({ to: bob, value: `0x${value}`, data: '0x' as const })),
      },
    })
    await answer(true)
    expect(await sending).toEqual({ result: { id: '0xb47c' } })
    expect(shared.broadcasts.map((raw) => parseTransaction(raw as `0x${string}`).nonce)).toEqual([
      0, 1, 2,
    ])
    const status = await signer.callsStatus({ origin: dapp, chainId: devnet, id: '0xb47c' })
    expect(status).toMatchObject({
      version: '2.0.0',
      id: '0xb47c',
      chainId: '0x7a69',
      status: 200,
      atomic: false,
    })
    expect((status as { receipts: unknown[] }).receipts).toHaveLength(3)
  })

  it("answers 5730 for another origin's batch", async () => {
    const shared = world()
    shared.batches.set('0xb47c', {
      id: '0xb47c',
      origin: dapp,
      chainId: devnet,
      from: alice,
      callCount: 1,
      hashes: [],
    })
    const { signer } = worker(shared)
    await expect(
      signer.callsStatus({ origin: 'https://other.example', chainId: devnet, id: '0xb47c' }),
    ).rejects.toMatchObject({ code: 5730 })
  })
})
