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
    const call: NodeCall = async (method, params) => {
      // The reverted one is looked up for its revert reason: this node no longer has it.
      if (method === 'eth_getTransactionByHash') return { result: null }
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

/** anvil after account 0's nonce 7 was taken: receipts and counts by hash and address. */
function anvilAfterNonce7(mined: Record<string, Record<string, string>>, calls: string[] = []) {
  const call: NodeCall = async (method, params) => {
    calls.push(method)
    if (method === 'eth_getTransactionReceipt')
      return { result: mined[params[0] as string] ?? null }
    if (method === 'eth_getTransactionCount') return { result: '0x8' }
    if (method === 'eth_getTransactionByHash') {
      return {
        result: { from: sent('0x01').from, to: null, input: '0x', value: '0x0', gas: '0x5208' },
      }
    }
    if (method === 'eth_call') {
      return {
        error: {
          code: 3,
          message: 'execution reverted: TestToken: transfer amount exceeds balance',
        },
      }
    }
    throw new Error(`unexpected ${method}`)
  }
  return call
}

const minedReceipt = (status: string) => ({
  status,
  blockNumber: '0x9',
  gasUsed: '0x5208',
  effectiveGasPrice: '0x3b9aca00',
})

describe('trackTransactions: replaced, cancelled and dropped', () => {
  const original = { ...sent('0x0a'), nonce: '0x7' as const }

  it('marks a transaction replaced when its speed-up was mined with its nonce', async () => {
    const speedUp = {
      ...sent('0x0b'),
      nonce: '0x7' as const,
      replaces: { hash: original.hash, kind: 'speedUp' as const },
    }
    const call = anvilAfterNonce7({ '0x0b': minedReceipt('0x1') })
    const [first, second] = await trackTransactions(() => call, [original, speedUp])
    expect(first).toMatchObject({ status: 'replaced', replacedBy: '0x0b' })
    expect(second).toMatchObject({ status: 'confirmed' })
  })

  it('marks a transaction cancelled when its cancel was mined, through a speed-up of it', async () => {
    const speedUp = {
      ...sent('0x0b'),
      nonce: '0x7' as const,
      replaces: { hash: original.hash, kind: 'speedUp' as const },
    }
    const cancel = {
      ...sent('0x0c'),
      nonce: '0x7' as const,
      replaces: { hash: speedUp.hash, kind: 'cancel' as const },
    }
    const call = anvilAfterNonce7({ '0x0c': minedReceipt('0x1') })
    const tracked = await trackTransactions(() => call, [original, speedUp, cancel])
    expect(tracked.map(({ status }) => status)).toEqual(['cancelled', 'cancelled', 'confirmed'])
  })

  it('marks a transaction dropped when a transaction the wallet did not make took its nonce', async () => {
    const call = anvilAfterNonce7({})
    expect((await trackTransactions(() => call, [original]))[0]?.status).toBe('dropped')
  })

  it('finds a receipt that came between its first look and the nonce count, never guessing dropped', async () => {
    let looks = 0
    const call: NodeCall = async (method) => {
      if (method === 'eth_getTransactionCount') return { result: '0x8' }
      looks += 1
      return { result: looks === 1 ? null : minedReceipt('0x1') }
    }
    expect((await trackTransactions(() => call, [original]))[0]?.status).toBe('confirmed')
  })

  it('keeps a transaction pending while its nonce is not mined', async () => {
    const call = anvilAfterNonce7({})
    const waiting = { ...original, nonce: '0x8' as const }
    expect((await trackTransactions(() => call, [waiting]))[0]?.status).toBe('pending')
  })

  it("gives a failed transaction the node's revert reason from a replay before its block", async () => {
    const calls: string[] = []
    const call = anvilAfterNonce7({ '0x0a': minedReceipt('0x0') }, calls)
    expect((await trackTransactions(() => call, [original]))[0]).toMatchObject({
      status: 'failed',
      reason: 'execution reverted: TestToken: transfer amount exceeds balance',
    })
    expect(calls).toContain('eth_call')
  })

  it("takes the receipt's own revertReason when the node gives one", async () => {
    const call = anvilAfterNonce7({
      '0x0a': { ...minedReceipt('0x0'), revertReason: 'Ownable: caller is not the owner' },
    })
    expect((await trackTransactions(() => call, [original]))[0]?.reason).toBe(
      'Ownable: caller is not the owner',
    )
  })
})
