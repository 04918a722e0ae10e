import { keccak256, parseTransaction, recoverTransactionAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../nodeCall.ts'
import { alice, base, bob, dapp, signingWorker, signingWorld } from '../testing/signingWorld.ts'
import { resumeBroadcasts } from './resumeBroadcasts.ts'
import {
  type Replacing,
  type SendTransactionParameters,
  sendTransaction,
} from './sendTransaction.ts'

/**
 * A transaction approved and signed in a first worker that stopped before the node took it: its
 * broadcast hangs until the worker is gone, then the node answers again. `replacing`: the wallet's
 * own speed-up or cancel of a pending transaction.
 */
async function signedThenStopped(replacing?: Replacing) {
  const shared = signingWorld()
  const first = signingWorker(shared)
  const request: SendTransactionParameters = {
    ...base,
    method: 'eth_sendTransaction',
    params: { from: alice, to: bob, value: '0x1', data: '0x' },
  }
  shared.node.hangBroadcast = true
  sendTransaction(first.ports, request, replacing)
  await first.answer(true)
  while (shared.broadcasts.length === 0) await new Promise((resolve) => setTimeout(resolve, 1))
  shared.node.hangBroadcast = false
  return { shared, first, request }
}

describe('sendTransaction', () => {
  it('signs the transaction shown, keeps it, then broadcasts it and answers its hash', async () => {
    const shared = signingWorld()
    const { ports, answer, sent } = signingWorker(shared)
    const request: SendTransactionParameters = {
      ...base,
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0xde0b6b3a7640000', data: '0x' },
    }
    const sending = sendTransaction(ports, request)
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
    const { shared, request } = await signedThenStopped()

    const second = signingWorker(shared)
    await resumeBroadcasts(second.ports)
    const resent = await sendTransaction(second.ports, request)
    const [raw] = shared.broadcasts
    expect(new Set(shared.broadcasts)).toEqual(new Set([raw]))
    expect(resent).toEqual({ result: keccak256(raw as `0x${string}`) })
    expect(shared.pool.size).toBe(1)
  })

  it("a worker stopped between signing and broadcast: the next one's re-broadcast is told to the activity once, marked as sent again, though the page never asks again", async () => {
    const { shared, first } = await signedThenStopped()
    expect(first.sent).toEqual([])

    const second = signingWorker(shared)
    await resumeBroadcasts(second.ports)
    const [raw] = shared.broadcasts
    const signed = parseTransaction(raw as `0x${string}`)
    expect(second.sent).toEqual([
      {
        hash: keccak256(raw as `0x${string}`),
        origin: dapp,
        chainId: base.chainId,
        from: alice,
        to: bob,
        value: '1',
        maxFeeWei: ((signed.gas ?? 0n) * (signed.maxFeePerGas ?? 0n)).toString(),
        at: 1_700_000_000_000,
        nonce: '0x0',
        resentAt: 1_700_000_000_000,
      },
    ])
  })

  it("a worker stopped between signing and broadcast: the page's re-send sends the same bytes and the activity has it once, marked as sent again", async () => {
    const { shared, request } = await signedThenStopped()

    const second = signingWorker(shared)
    const answered = await sendTransaction(second.ports, request)
    const hash = keccak256(shared.broadcasts[0] as `0x${string}`)
    expect(answered).toEqual({ result: hash })
    expect(second.sent).toMatchObject([{ hash, to: bob, resentAt: 1_700_000_000_000 }])
  })

  it('a speed-up stopped between signing and broadcast: the next worker logs its re-broadcast as replacing the pending transaction', async () => {
    const replaced = keccak256('0x01')
    const { shared } = await signedThenStopped({
      replaces: { hash: replaced, kind: 'speedUp' },
      fee: { type: 'eip1559', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
    })

    const second = signingWorker(shared)
    await resumeBroadcasts(second.ports)
    const hash = keccak256(shared.broadcasts[0] as `0x${string}`)
    expect(second.sent).toMatchObject([
      { hash, replaces: { hash: replaced, kind: 'speedUp' }, resentAt: 1_700_000_000_000 },
    ])
  })

  it('a cancel stopped between signing and broadcast: the request run again sends the same bytes and logs them as replacing the pending transaction', async () => {
    const replaced = keccak256('0x02')
    const replacing: Replacing = {
      replaces: { hash: replaced, kind: 'cancel' },
      fee: { type: 'eip1559', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' },
    }
    const { shared, request } = await signedThenStopped(replacing)

    const second = signingWorker(shared)
    const answered = await sendTransaction(second.ports, request, replacing)
    const hash = keccak256(shared.broadcasts[0] as `0x${string}`)
    expect(answered).toEqual({ result: hash })
    expect(second.sent).toMatchObject([{ hash, replaces: { hash: replaced, kind: 'cancel' } }])
  })

  it('signs exactly the fee the user picked, checked again in the worker', async () => {
    const shared = signingWorld()
    const { ports, confirmations, shown } = signingWorker(shared)
    const request: SendTransactionParameters = {
      ...base,
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0x1', data: '0x' },
    }
    const sending = sendTransaction(ports, request)
    const record = await shown()
    expect(record.view).toMatchObject({ fees: { choice: 'normal' } })
    await confirmations.resolve(record.id, true, [], {
      name: 'custom',
      maxFeeGwei: '7',
      priorityFeeGwei: '2.5',
    })
    await sending
    const signed = parseTransaction(shared.broadcasts[0] as `0x${string}`)
    expect(signed).toMatchObject({
      maxFeePerGas: 7_000_000_000n,
      maxPriorityFeePerGas: 2_500_000_000n,
    })
    expect(signed.gasPrice).toBeUndefined()
  })

  it("starts the owner's send on the preset picked on the send screen, shows that preset's fee and signs it", async () => {
    const shared = signingWorld()
    const worker = signingWorker(shared)
    const { confirmations, shown } = worker
    // A busy market: tips of 1, 3 and 5 gwei, so each preset has its own fee.
    const busy: NodeCall = async (method, params) =>
      method === 'eth_feeHistory'
        ? {
            result: {
              baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'],
              gasUsedRatio: [0.5],
              reward: [['0x3b9aca00', '0xb2d05e00', '0x12a05f200']],
            },
          }
        : shared.call(method, params)
    const ports = { ...worker.ports, node: () => busy }
    const request: SendTransactionParameters = {
      ...base,
      origin: 'Aperture',
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0x1', data: '0x', gas: '0x5208' },
      fee: { name: 'fast' },
    }
    const sending = sendTransaction(ports, request)
    const record = await shown()
    const view = record.view as {
      fees: { choice: string; market: { presets: Record<string, { fee: object }> } }
      transaction: Record<string, string>
    }
    expect(view.fees.choice).toBe('fast')
    const fast = view.fees.market.presets.fast?.fee as {
      maxFeePerGas: string
      maxPriorityFeePerGas: string
    }
    expect(fast).toEqual({
      type: 'eip1559',
      maxFeePerGas: '0x1a13b8600',
      maxPriorityFeePerGas: '0x12a05f200',
    })
    expect(view.transaction).toMatchObject(fast)
    await confirmations.resolve(record.id, true, [])
    await sending
    expect(parseTransaction(shared.broadcasts[0] as `0x${string}`)).toMatchObject({
      maxFeePerGas: BigInt(fast.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(fast.maxPriorityFeePerGas),
    })
  })

  it('a refused custom fee on the record signs nothing', async () => {
    const shared = signingWorld()
    const { ports, confirmations, shown } = signingWorker(shared)
    const request: SendTransactionParameters = {
      ...base,
      method: 'eth_sendTransaction',
      params: { from: alice, to: bob, value: '0x1', data: '0x' },
    }
    const sending = sendTransaction(ports, request)
    const record = await shown()
    await confirmations.resolve(record.id, true, [], {
      name: 'custom',
      maxFeeGwei: '1',
      priorityFeeGwei: '2',
    })
    await expect(sending).rejects.toMatchObject({ code: 'invalid_fields' })
    expect(shared.broadcasts).toEqual([])
  })
})
