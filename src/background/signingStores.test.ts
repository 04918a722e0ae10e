import { describe, expect, it } from 'vitest'
import type { SentTransaction } from '../core/eth/signing/ports.ts'
import type { SentSolanaTransaction } from '../core/solana/signing/ports.ts'
import { createSolanaTransactionLog, createTransactionLog } from './signingStores.ts'
import { createMemoryStorage } from './testing/memoryStorage.ts'

const transfer = (signature: string, at: number): SentSolanaTransaction => ({
  signature,
  origin: 'http://127.0.0.1:5173',
  chainId: 'solana:123456789abcdef',
  from: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  lamportsChange: '-12350678',
  at,
})

describe('createSolanaTransactionLog', () => {
  it('keeps one entry per signature: a transaction sent again after a restart is listed once', async () => {
    const log = createSolanaTransactionLog(createMemoryStorage())
    const first = transfer('5'.repeat(88), 1)
    await Promise.all([
      log.append(first),
      log.append(transfer('4'.repeat(88), 2)),
      log.append({ ...first, at: 3 }),
    ])
    expect((await log.read()).map(({ signature, at }) => [signature, at])).toEqual([
      ['5'.repeat(88), 1],
      ['4'.repeat(88), 2],
    ])
  })
})

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const sent = (n: number, at: number): SentTransaction => ({
  hash: hashOf(n),
  origin: 'http://127.0.0.1:5173',
  chainId: 'eip155:31337',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '1',
  maxFeeWei: '75600000000000',
  at,
})

describe('createTransactionLog', () => {
  it('keeps one entry per hash: a transaction re-broadcast on wake is a line of its entry (resentAt), not a second one', async () => {
    const log = createTransactionLog(createMemoryStorage())
    await log.append(sent(1, 1))
    await log.append(sent(2, 2))
    await log.recordStatuses([{ ...sent(1, 1), status: 'confirmed', feeWei: '21000' }])
    await log.append({ ...sent(1, 3), resentAt: 3 })
    await log.append(sent(1, 4))
    expect(await log.read()).toEqual([
      { ...sent(1, 1), status: 'confirmed', feeWei: '21000', resentAt: 3 },
      sent(2, 2),
    ])
  })
})
