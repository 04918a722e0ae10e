import { describe, expect, it } from 'vitest'
import { createOriginQueue } from './createOriginQueue.ts'

const dapp = 'https://app.example'
const otherDapp = 'https://other.example'

/** Work that finishes when the test says so. */
function heldWork() {
  const started: number[] = []
  const finish = new Map<number, (value: number) => void>()
  const work = (index: number) => () => {
    started.push(index)
    return new Promise<number>((resolve) => finish.set(index, resolve))
  }
  const done = (index: number) => finish.get(index)?.(index)
  return { started, work, done }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createOriginQueue', () => {
  it('runs a few calls of an origin at once and starts the rest in arrival order', async () => {
    const queue = createOriginQueue({ inFlight: 2 })
    const { started, work, done } = heldWork()
    const runs = [0, 1, 2, 3, 4].map((index) => queue.run(dapp, work(index)))
    await settle()
    expect(started).toEqual([0, 1])
    expect(queue.size(dapp)).toEqual({ running: 2, waiting: 3 })
    done(1)
    await settle()
    expect(started).toEqual([0, 1, 2])
    for (const index of [0, 2, 3, 4]) {
      done(index)
      await settle()
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4])
    expect(queue.size(dapp)).toEqual({ running: 0, waiting: 0 })
  })

  it('starts another origin’s call at once, whatever one origin has waiting', async () => {
    const queue = createOriginQueue({ inFlight: 1 })
    const { started, work, done } = heldWork()
    for (let index = 0; index < 100; index += 1) void queue.run(dapp, work(index))
    const other = queue.run(otherDapp, work(1_000))
    await settle()
    expect(started).toEqual([0, 1_000])
    done(1_000)
    expect(await other).toBe(1_000)
  })

  it('refuses beyond a full line with -32005 that says so, before the work starts', async () => {
    const queue = createOriginQueue({ inFlight: 1, maxWaiting: 2 })
    const { started, work, done } = heldWork()
    const runs = [0, 1, 2].map((index) => queue.run(dapp, work(index)))
    expect(queue.isFull(dapp)).toBe(true)
    await expect(queue.run(dapp, work(3))).rejects.toMatchObject({
      code: -32005,
      message:
        'too many requests waiting: 2 calls of this origin are queued for the node already; wait for answers',
      data: { limit: 2 },
    })
    expect(queue.refusal().toJSON()).toMatchObject({ code: -32005, data: { limit: 2 } })
    await settle()
    expect(started).toEqual([0])
    for (const index of [0, 1, 2]) {
      done(index)
      await settle()
    }
    await Promise.all(runs)
    expect(queue.isFull(dapp)).toBe(false)
  })

  it('frees the slot of a call that fails', async () => {
    const queue = createOriginQueue({ inFlight: 1 })
    const failing = queue.run(dapp, async () => {
      throw new Error('the node is gone')
    })
    const next = queue.run(dapp, async () => 'answered')
    await expect(failing).rejects.toThrow('the node is gone')
    expect(await next).toBe('answered')
    expect(queue.size(dapp)).toEqual({ running: 0, waiting: 0 })
  })

  it('keeps the order across many waiting calls (the line is compacted as it drains)', async () => {
    const queue = createOriginQueue({ inFlight: 3 })
    const order: number[] = []
    const runs = Array.from({ length: 5_000 }, (_, index) =>
      queue.run(dapp, async () => {
        order.push(index)
        await Promise.resolve()
      }),
    )
    await Promise.all(runs)
    expect(order).toEqual(Array.from({ length: 5_000 }, (_, index) => index))
  })
})
