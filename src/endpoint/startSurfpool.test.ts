import { describe, expect, it } from 'vitest'
import { startSurfpool } from './startSurfpool.ts'
import { result } from './testSupport.ts'

const slotOf = async (rpcUrl: string) => (await result(rpcUrl, 'getSlot')) as number
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `method`'s result, or a rejection when the node has not answered within 3 s. */
async function answerWithin3s(rpcUrl: string, method: string): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }),
    signal: AbortSignal.timeout(3_000),
  })
  return ((await response.json()) as { result?: unknown }).result
}

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

  it('keeps answering past the ~1,000 blocks its undrained event queue holds', async () => {
    // At 2 ms a block it makes ~200 a second: its event queue (one event a block) would fill
    // within ~5 s, after which an undrained node answers nothing more.
    const node = await startSurfpool({ slotTimeMs: 2 })
    try {
      let slot = 0
      while (slot < 2_000) {
        await sleep(250)
        slot = (await answerWithin3s(node.rpcUrl, 'getSlot')) as number
      }
      expect(await answerWithin3s(node.rpcUrl, 'getHealth')).toBe('ok')
    } finally {
      await node.stop()
    }
  }, 60_000)
})
