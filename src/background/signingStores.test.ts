import { describe, expect, it } from 'vitest'
import type { SentSolanaTransaction } from '../core/solana/signing/ports.ts'
import { createSolanaTransactionLog } from './signingStores.ts'
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
