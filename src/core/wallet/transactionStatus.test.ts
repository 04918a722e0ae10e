import { describe, expect, it } from 'vitest'
import type { NodeCall } from '../eth/nodeCall.ts'
import type { SentTransaction } from '../eth/signing/ports.ts'
import { trackTransactions } from './transactionStatus.ts'

const sent = (hash: `0x${string}`): SentTransaction => ({
  hash,
  origin: 'http://127.0.0.1:5173',
  chainId: 'eip155:31337',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: '1000000000000000000',
  maxFeeWei: '75600000000000',
  at: 1_700_000_000_000,
})

const receipts: Record<string, unknown> = {
  '0x01': { status: '0x1', gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00' },
  '0x02': { status: '0x0', gasUsed: '0x5f5a', effectiveGasPrice: '0x3b9aca00' },
  '0x03': null,
}

describe('trackTransactions', () => {
  it('marks mined transactions confirmed or failed with the fee paid, and leaves the others pending', async () => {
    const asked: string[] = []
    const call: NodeCall = async (_method, params) => {
      asked.push(params[0] as string)
      return { result: receipts[params[0] as string] as null }
    }
    const tracked = await trackTransactions(() => call, [sent('0x01'), sent('0x02'), sent('0x03')])
    expect(tracked.map(({ status, feeWei }) => ({ status, feeWei }))).toEqual([
      { status: 'confirmed', feeWei: (21000n * 10n ** 9n).toString() },
      { status: 'failed', feeWei: (0x5f5an * 10n ** 9n).toString() },
      { status: 'pending', feeWei: undefined },
    ])
    expect(asked).toEqual(['0x01', '0x02', '0x03'])
  })

  it('does not ask again about a final transaction', async () => {
    const call: NodeCall = async () => {
      throw new Error('must not be called')
    }
    const final = { ...sent('0x01'), status: 'confirmed' as const, feeWei: '1' }
    expect(await trackTransactions(() => call, [final])).toEqual([final])
  })

  it('leaves a transaction pending when its node cannot be reached', async () => {
    const call: NodeCall = async () => {
      throw new Error('http://127.0.0.1:9/v3/dev is unreachable')
    }
    expect((await trackTransactions(() => call, [sent('0x01')]))[0]?.status).toBe('pending')
  })
})
