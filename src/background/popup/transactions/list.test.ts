import { describe, expect, it } from 'vitest'
import type { SentTransaction } from '../../../core/eth/signing/ports.ts'
import { localKeys } from '../../../core/protocol/storageKeys.ts'
import type { NodeCall } from '../../../core/rpc/types.ts'
import { createTransactionLog } from '../../signingStores.ts'
import { createMemoryStorage } from '../../testing/memoryStorage.ts'
import { transactionsList } from './list.ts'

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

/** anvil's node: the first transaction mined (status 1, 21,000 gas at 1 gwei), the second not yet. */
const node: NodeCall = async (_method, [transactionHash]) => ({
  result:
    transactionHash === hash(1)
      ? { transactionHash, status: '0x1', gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00' }
      : null,
})

describe('transactions:list', () => {
  it('lists the wallet’s transactions newest first, with their statuses, and writes nothing', async () => {
    const local = createMemoryStorage()
    const transactions = createTransactionLog(local)
    await transactions.append(sent(1))
    await transactions.append(sent(2))
    const stored = structuredClone(local.items.get(localKeys.transactions))

    const listed = await transactionsList({ transactions, nodeCall: () => node })(undefined)
    expect(listed.map(({ hash, status }) => [hash, status])).toEqual([
      [hash(2), 'pending'],
      [hash(1), 'confirmed'],
    ])
    expect(local.items.get(localKeys.transactions)).toEqual(stored)
  })
})
