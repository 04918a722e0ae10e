import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'
import { recordSentTransaction, type TransactionLogStore } from './recordSentTransaction.ts'
import type { TrackedTransaction } from './transactionStatus.ts'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const sent = (n: number): SentTransaction => ({
  hash: hash(n),
  origin: 'http://127.0.0.1:5173',
  chainId: 'eip155:31337',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '1000000000000000000',
  maxFeeWei: '75600000000000',
  at: 1_700_000_000_000 + n,
})

/** Receipts as anvil gives them (the fields the status reads), by transaction hash. */
const receipts: Record<string, object> = {
  [hash(1)]: {
    transactionHash: hash(1),
    blockNumber: '0x5',
    status: '0x1',
    gasUsed: '0x5208',
    effectiveGasPrice: '0x3b9aca00',
  },
  [hash(2)]: {
    transactionHash: hash(2),
    blockNumber: '0x6',
    status: '0x0',
    gasUsed: '0x5f5a',
    effectiveGasPrice: '0x3b9aca00',
  },
}

/** The log in memory, as `storage.local` keeps it. */
function createMemoryLog(entries: Array<SentTransaction | TrackedTransaction> = []) {
  const state = { entries: [...entries], writes: 0 }
  const log: TransactionLogStore = {
    read: async () => structuredClone(state.entries),
    async append(transaction) {
      state.entries.push(transaction)
      state.writes += 1
    },
    async recordStatuses(settled) {
      state.entries = state.entries.map(
        (entry) => settled.find((update) => update.hash === entry.hash) ?? entry,
      )
      state.writes += 1
    },
  }
  return { log, state }
}

/** A node with `receipts`, recording the hashes it is asked about. */
function createNode() {
  const asked: string[] = []
  const call: NodeCall = async (method, params) => {
    // A reverted transaction is looked up for its revert reason: this node no longer has it.
    if (method === 'eth_getTransactionByHash') return { result: null }
    expect(method).toBe('eth_getTransactionReceipt')
    asked.push(params[0] as string)
    return { result: (receipts[params[0] as string] ?? null) as null }
  }
  return { node: () => call, asked }
}

describe('recordSentTransaction', () => {
  it('logs the sent transaction and records the final status of those the node has mined', async () => {
    const { log, state } = createMemoryLog([sent(1), sent(2)])
    const { node } = createNode()
    await recordSentTransaction({ log, node }, sent(3))
    expect(state.entries).toEqual([
      { ...sent(1), status: 'confirmed', feeWei: (21000n * 10n ** 9n).toString() },
      { ...sent(2), status: 'failed', feeWei: (0x5f5an * 10n ** 9n).toString() },
      sent(3),
    ])
  })

  it('asks only about the entries still pending, and writes no statuses when none settled', async () => {
    const settled = { ...sent(1), status: 'confirmed' as const, feeWei: '21000000000000' }
    const { log, state } = createMemoryLog([settled])
    const { node, asked } = createNode()
    await recordSentTransaction({ log, node }, sent(3))
    expect(asked).toEqual([hash(3)])
    expect(state.entries).toEqual([settled, sent(3)])
    expect(state.writes).toBe(1)
  })
})
