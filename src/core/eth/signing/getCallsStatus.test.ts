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
})
