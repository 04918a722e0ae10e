import { describe, expect, it } from 'vitest'
import { startSurfpool } from './startSurfpool.ts'
import { result } from './testSupport.ts'

const slotOf = async (rpcUrl: string) => (await result(rpcUrl, 'getSlot')) as number
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('startSurfpool', () => {
  it('with slotTimeMs makes blocks on that clock, not at its own fast default', async () => {
    const clocked = await startSurfpool({ slotTimeMs: 1000 })
    const fast = await startSurfpool()
    try {
      const [clockedFirst, fastFirst] = [await slotOf(clocked.rpcUrl), await slotOf(fast.rpcUrl)]
      await sleep(2500)
      const clockedBlocks = (await slotOf(clocked.rpcUrl)) - clockedFirst
      const fastBlocks = (await slotOf(fast.rpcUrl)) - fastFirst
      // 2.5 s at one block a second: 2 or 3 blocks (a slow start may make it fewer, never more).
      expect(clockedBlocks).toBeLessThanOrEqual(3)
      expect(fastBlocks).toBeGreaterThan(clockedBlocks)
    } finally {
      await Promise.all([clocked.stop(), fast.stop()])
    }
  })
})
