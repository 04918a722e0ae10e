import { describe, expect, it } from 'vitest'
import { alice, dapp, devnet, signingWorker, signingWorld } from '../testing/signingWorld.ts'
import { getCallsStatus } from './getCallsStatus.ts'

describe('getCallsStatus', () => {
  it("answers 5730 for another origin's batch", async () => {
    const shared = signingWorld()
    shared.batches.set('0xb47c', {
      id: '0xb47c',
      origin: dapp,
      chainId: devnet,
      from: alice,
      callCount: 1,
      hashes: [],
    })
    const { ports } = signingWorker(shared)
    await expect(
      getCallsStatus(ports, { origin: 'https://other.example', chainId: devnet, id: '0xb47c' }),
    ).rejects.toMatchObject({ code: 5730 })
  })

  it("follows a call's transaction to the wallet's mined speed-up of it", async () => {
    const shared = signingWorld()
    const original = `0x${'aa'.repeat(32)}` as const
    const speedUp = `0x${'bb'.repeat(32)}` as const
    shared.pool.set(speedUp, '0x02')
    shared.batches.set('0xb47c', {
      id: '0xb47c',
      origin: dapp,
      chainId: devnet,
      from: alice,
      callCount: 1,
      hashes: [original],
    })
    const { ports, sent } = signingWorker(shared)
    const common = {
      origin: 'Aperture',
      chainId: devnet,
      from: alice,
      to: alice,
      value: '0',
      maxFeeWei: '1',
      at: 1,
    } as const
    sent.push({ ...common, hash: original, nonce: '0x0' })
    expect(
      await getCallsStatus(ports, { origin: dapp, chainId: devnet, id: '0xb47c' }),
    ).toMatchObject({
      status: 100,
      receipts: [],
    })
    sent.push({
      ...common,
      hash: speedUp,
      nonce: '0x0',
      replaces: { hash: original, kind: 'speedUp' },
    })
    expect(
      await getCallsStatus(ports, { origin: dapp, chainId: devnet, id: '0xb47c' }),
    ).toMatchObject({
      status: 200,
      receipts: [{ transactionHash: speedUp, status: '0x1' }],
    })
  })
})
