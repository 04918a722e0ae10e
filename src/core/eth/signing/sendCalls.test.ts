import { parseTransaction } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  alice,
  base,
  bob,
  dapp,
  devnet,
  signingWorker,
  signingWorld,
} from '../testing/signingWorld.ts'
import { getCallsStatus } from './getCallsStatus.ts'
import { sendCalls } from './sendCalls.ts'

describe('sendCalls', () => {
  it('sends a batch as sequential transactions with consecutive nonces, and reports their receipts', async () => {
    const shared = signingWorld()
    const { ports, answer } = signingWorker(shared)
    const sending = sendCalls(ports, {
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
    const status = await getCallsStatus(ports, { origin: dapp, chainId: devnet, id: '0xb47c' })
    expect(status).toMatchObject({
      version: '2.0.0',
      id: '0xb47c',
      chainId: '0x7a69',
      status: 200,
      atomic: false,
    })
    expect((status as { receipts: unknown[] }).receipts).toHaveLength(3)
  })
})
